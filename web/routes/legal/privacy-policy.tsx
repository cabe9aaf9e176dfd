import { LegalDocument } from './legal-document.tsx';

export default function PrivacyPolicyPage() {
  return <LegalDocument doc="privacy" />;
}
