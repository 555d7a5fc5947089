import { LegalDocument } from '../components/legal-document.tsx';

/** /terms and /sv/terms: the Terms of Service (spec 01 §2, §9), public, no layout. */
export function TermsPage() {
  return <LegalDocument document="terms" />;
}
