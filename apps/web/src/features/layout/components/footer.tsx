import { Link } from 'react-router';
import type { SettingKey } from '@smm/domain';
import { paths } from '@/lib/paths';
import { useSiteSettings } from '@/lib/site-settings';
import './layout.css';

const COMPANY_FIELDS: { key: SettingKey; label: string }[] = [
  { key: 'FOOTER_CEO', label: '대표' },
  { key: 'FOOTER_ADDRESS', label: '주소' },
  { key: 'FOOTER_CORPORATION_NUMBER', label: '사업자등록번호' },
  { key: 'FOOTER_CORPORATION_MARKET_NUMBER', label: '통신판매업신고번호' },
  { key: 'FOOTER_CEO_PHONE_NUMBER', label: '대표번호' },
];

/** Company details from site settings (docs/product.md#shared-elements); terms open in a new tab. */
export function Footer() {
  const { settings } = useSiteSettings();
  const company = settings.get('FOOTER_COMPANY');
  const fields = COMPANY_FIELDS.map((f) => ({ ...f, value: settings.get(f.key) })).filter((f) => f.value);

  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <strong>{company || 'SMM 패널'}</strong>
          <nav className="footer-links" aria-label="약관">
            <Link to={paths.termsOfService} target="_blank" rel="noopener noreferrer">
              이용약관
            </Link>
            <Link
              to={paths.privacyPolicy}
              target="_blank"
              rel="noopener noreferrer"
              className="footer-privacy"
            >
              개인정보처리방침
            </Link>
          </nav>
        </div>
        {fields.length > 0 && (
          <dl className="footer-info">
            {fields.map((f) => (
              <div key={f.key}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="footer-copy">
          © {new Date().getFullYear()} {company || 'SMM 패널'}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
