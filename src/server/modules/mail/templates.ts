import type { Mail } from './mailer.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const mailLayout = (body: string, footer = 'If you did not ask for this, you can ignore this email.') =>
  `<!doctype html><html><body style="font-family:Manrope,Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">` +
  `<p style="font-size:20px;font-weight:700;color:#4788B6;margin:0 0 16px">FYN · Forward Your Network</p>${body}` +
  `<p style="color:#6b7280;font-size:12px;margin-top:32px">${escapeHtml(footer)}</p></body></html>`;
const layout = (body: string) => mailLayout(body);

export function verificationCodeMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: `${code} is your FYN verification code`,
    text: `Your FYN verification code is ${code}.\n\nIt is valid for ${minutes} minutes. If you did not sign up for FYN, you can ignore this email.`,
    html: layout(
      `<p>Your verification code is</p><p style="font-size:32px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>` +
        `<p>It is valid for ${minutes} minutes.</p>`,
    ),
  };
}

export function passwordResetMail(to: string, link: string, minutes: number): Mail {
  return {
    to,
    subject: 'Reset your FYN password',
    text: `Someone asked to reset the password of your FYN account.\n\nOpen this link to choose a new password (valid for ${minutes} minutes):\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    html: layout(
      `<p>Someone asked to reset the password of your FYN account.</p>` +
        `<p><a href="${escapeHtml(link)}" style="background:#4788B6;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose a new password</a></p>` +
        `<p>The link is valid for ${minutes} minutes. If it was not you, your password stays as it is.</p>`,
    ),
  };
}

export function invitationMail(to: string, inviter: string, organisation: string, role: string, link: string, days: number): Mail {
  return {
    to,
    subject: `${inviter} invites you to ${organisation} on FYN`,
    text: `${inviter} invites you to join ${organisation} on FYN as ${role}.\n\nAccept the invitation (valid for ${days} days):\n${link}`,
    html: layout(
      `<p>${escapeHtml(inviter)} invites you to join <strong>${escapeHtml(organisation)}</strong> on FYN as ${escapeHtml(role)}.</p>` +
        `<p><a href="${escapeHtml(link)}" style="background:#4788B6;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Accept the invitation</a></p>` +
        `<p>The link is valid for ${days} days.</p>`,
    ),
  };
}
