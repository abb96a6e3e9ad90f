import { VERIFICATION_CODE_RULES } from '@smm/domain';
import type { SettingsService } from '../settings/settings.service';
import type { Mail } from './mailer';
import type { Sms } from './sms-sender';

/** The site's name in messages: the operator's FOOTER_COMPANY, else this. */
export const DEFAULT_SITE_NAME = 'SMM 패널';

export async function siteNameOf(settings: Pick<SettingsService, 'current'>): Promise<string> {
  return (await settings.current()).get('FOOTER_COMPANY').trim() || DEFAULT_SITE_NAME;
}

const CODE_MINUTES = VERIFICATION_CODE_RULES.ttlSeconds / 60;

/** Text into HTML: every character that could open markup or end an attribute is escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One paragraph (plain text) or a highlighted value / a button (HTML only differs in looks). */
type Block = { text: string } | { highlight: string } | { link: string; label: string };

/**
 * A Korean e-mail in two parts from the same blocks: the plain-text part for clients that show no
 * HTML, and a small inline-styled HTML part (mail clients drop <style> and external CSS). Every piece
 * of text, the site name and the link included, is escaped before it goes into the HTML.
 */
function compose(to: string, siteName: string, subject: string, blocks: Block[]): Mail {
  const fullSubject = `[${siteName}] ${subject}`;
  const text = [
    ...blocks.map((block) =>
      'text' in block ? block.text : 'highlight' in block ? block.highlight : `${block.label}: ${block.link}`,
    ),
    `— ${siteName}`,
  ].join('\n\n');
  const body = blocks
    .map((block) => {
      if ('text' in block) {
        return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#333333;">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
      }
      if ('highlight' in block) {
        return `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;color:#111111;">${escapeHtml(block.highlight)}</p>`;
      }
      const href = escapeHtml(block.link);
      return (
        `<p style="margin:0 0 16px;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#3a6df0;color:#ffffff;text-decoration:none;border-radius:6px;font-size:15px;">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#666666;word-break:break-all;">${href}</p>`
      );
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><title>${escapeHtml(fullSubject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR',sans-serif;">
<div style="max-width:520px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;">
<h1 style="margin:0 0 24px;font-size:18px;color:#111111;">${escapeHtml(siteName)}</h1>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#999999;">이 메일은 발신 전용입니다.</p>
</div>
</body>
</html>
`;
  return { to, subject: fullSubject, text, html };
}

export function emailCodeMail(to: string, siteName: string, code: string): Mail {
  return compose(to, siteName, '이메일 인증코드', [
    { text: `${siteName} 회원가입 이메일 인증코드입니다.` },
    { highlight: code },
    {
      text: `인증코드는 ${CODE_MINUTES}분 동안 한 번만 사용할 수 있습니다.\n요청하지 않으셨다면 이 메일을 무시해주세요.`,
    },
  ]);
}

export function findIdMail(to: string, siteName: string, loginId: string): Mail {
  return compose(to, siteName, '아이디 찾기 안내', [
    { text: '이 이메일 주소로 가입된 아이디입니다.' },
    { highlight: loginId },
    { text: '요청하지 않으셨다면 이 메일을 무시해주세요.' },
  ]);
}

export function passwordResetMail(to: string, siteName: string, link: string, ttlMinutes: number): Mail {
  return compose(to, siteName, '비밀번호 재설정 안내', [
    { text: '아래 버튼을 눌러 새 비밀번호를 설정해주세요.' },
    { link, label: '비밀번호 재설정' },
    {
      text: `링크는 ${ttlMinutes}분 동안 한 번만 사용할 수 있습니다.\n요청하지 않으셨다면 이 메일을 무시해주세요. 비밀번호는 바뀌지 않습니다.`,
    },
  ]);
}

export function phoneCodeSms(to: string, siteName: string, code: string): Sms {
  return { to, text: `[${siteName}] 인증번호 ${code} (${CODE_MINUTES}분 안에 입력해주세요)` };
}

/** An operator answered the member's 1:1 문의: the title and a link to the thread, never the answer's text. */
export function inquiryReplyMail(to: string, siteName: string, title: string, link: string): Mail {
  return compose(to, siteName, '1:1 문의에 답변이 등록되었습니다', [
    { text: `문의하신 "${title}"에 답변이 등록되었습니다.` },
    { link, label: '답변 보기' },
  ]);
}
