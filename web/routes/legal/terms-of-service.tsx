import { LegalDocument } from './legal-document.tsx';

export default function TermsOfServicePage() {
  return <LegalDocument doc="terms" />;
}
