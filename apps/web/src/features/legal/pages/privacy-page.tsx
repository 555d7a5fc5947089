import { LegalDocument } from '../components/legal-document.tsx';

/** /privacy and /sv/privacy: the Privacy Policy (spec 01 §2), public, no layout. */
export function PrivacyPage() {
  return <LegalDocument document="privacy" />;
}
