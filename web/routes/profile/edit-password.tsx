import { ChangePasswordForm } from '#web/features/profile/password-form.tsx';
import { ProfileLayout } from '#web/features/profile/profile-layout.tsx';

export default function ProfileEditPasswordPage() {
  return (
    <ProfileLayout section="password">
      <ChangePasswordForm />
    </ProfileLayout>
  );
}
