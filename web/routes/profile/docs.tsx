import { DocumentList, DocumentUpload } from '#web/features/profile/documents.tsx';
import { profileApi, useGetProfileQuery, useListDocumentsQuery } from '#web/features/profile/api.ts';
import { ProfileLayout } from '#web/features/profile/profile-layout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await Promise.all([
    store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false })),
    store.dispatch(profileApi.endpoints.listDocuments.initiate(undefined, { subscribe: false })),
  ]);
  return null;
}

export default function ProfileDocumentsPage() {
  const { lang } = useCurrentPage();
  const { data: profile } = useGetProfileQuery();
  const documents = useListDocumentsQuery();
  return (
    <ProfileLayout section="documents">
      <div className="stack stack--lg">
        <DocumentUpload />
        <DocumentList
          documents={documents.data}
          error={documents.error}
          isLoading={documents.isLoading}
          onRetry={() => void documents.refetch()}
          timeZone={profile?.timezone ?? 'UTC'}
          lang={lang}
        />
      </div>
    </ProfileLayout>
  );
}
