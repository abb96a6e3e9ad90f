import { useSiteSettings } from '@/lib/site-settings';
import { TermsView } from '../components/terms-view';
import { PRIVACY_POLICY } from '../terms/privacy-policy';
import { TERMS_OF_SERVICE } from '../terms/terms-of-service';

function useCompanyName() {
  const { settings } = useSiteSettings();
  return settings.get('FOOTER_COMPANY') || 'SMM 패널';
}

export function TermsOfServiceRoute() {
  return <TermsView document={TERMS_OF_SERVICE} company={useCompanyName()} />;
}

export function PrivacyPolicyRoute() {
  return <TermsView document={PRIVACY_POLICY} company={useCompanyName()} />;
}
