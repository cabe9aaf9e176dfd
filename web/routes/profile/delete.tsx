import { DeleteAccountPanel } from '#web/features/profile/delete-account.tsx';
import { ProfileLayout } from '#web/features/profile/profile-layout.tsx';

export default function ProfileDeletePage() {
  return (
    <ProfileLayout section="delete">
      <DeleteAccountPanel />
    </ProfileLayout>
  );
}
