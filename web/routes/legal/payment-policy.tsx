import { LegalDocument } from './legal-document.tsx';

export default function PaymentPolicyPage() {
  return <LegalDocument doc="payment" />;
}
