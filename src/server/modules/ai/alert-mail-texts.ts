import type { Locale } from '#shared/api/user.ts';

/**
 * The 80 % / 100 % AI credits mail in each language of the product (the owner's own, users.locale),
 * worded as the in-app notification of the same alert (locales/<lang>/app.json `ai_credits`).
 * Placeholders in braces: {name} the owner, {organisation}, {threshold} the share used.
 */
export type AlertMailTexts = {
  subject_part: string;
  subject_all: string;
  hello: string;
  org_part: string;
  me_part: string;
  org_all: string;
  me_all: string;
  link: string;
  footer: string;
};

export const AI_ALERT_MAIL_TEXTS: Record<Locale, AlertMailTexts> = {
  en: {
    subject_part: 'AI credits {threshold} % used',
    subject_all: 'AI credits used up',
    hello: 'Hello {name},',
    org_part: '{organisation} has used {threshold} % of this period’s AI credits.',
    me_part: 'You have used {threshold} % of this period’s AI credits.',
    org_all: '{organisation} has used all of this period’s AI credits. The AI features answer again when the next period begins or a pack of credits is bought.',
    me_all: 'You have used all of this period’s AI credits. The AI features answer again when the next period begins or a pack of credits is bought.',
    link: 'See the use and buy credits',
    footer: 'You receive this because you manage your organisation’s billing.',
  },
  de: {
    subject_part: 'KI-Credits zu {threshold} % verbraucht',
    subject_all: 'KI-Credits aufgebraucht',
    hello: 'Hallo {name},',
    org_part: '{organisation} hat {threshold} % der KI-Credits dieses Zeitraums verbraucht.',
    me_part: 'Sie haben {threshold} % der KI-Credits dieses Zeitraums verbraucht.',
    org_all: '{organisation} hat alle KI-Credits dieses Zeitraums verbraucht. Die KI-Funktionen antworten wieder, sobald der nächste Zeitraum beginnt oder ein Credit-Paket gekauft wird.',
    me_all: 'Sie haben alle KI-Credits dieses Zeitraums verbraucht. Die KI-Funktionen antworten wieder, sobald der nächste Zeitraum beginnt oder ein Credit-Paket gekauft wird.',
    link: 'Verbrauch ansehen und Credits kaufen',
    footer: 'Sie erhalten diese Nachricht, weil Sie die Abrechnung Ihrer Organisation verwalten.',
  },
  es: {
    subject_part: 'Créditos de IA: {threshold} % usado',
    subject_all: 'Créditos de IA agotados',
    hello: 'Hola, {name}:',
    org_part: '{organisation} ha usado el {threshold} % de los créditos de IA de este periodo.',
    me_part: 'Ha usado el {threshold} % de los créditos de IA de este periodo.',
    org_all: '{organisation} ha usado todos los créditos de IA de este periodo. Las funciones de IA volverán a responder cuando empiece el próximo periodo o se compre un paquete de créditos.',
    me_all: 'Ha usado todos los créditos de IA de este periodo. Las funciones de IA volverán a responder cuando empiece el próximo periodo o se compre un paquete de créditos.',
    link: 'Ver el uso y comprar créditos',
    footer: 'Recibe este mensaje porque gestiona la facturación de su organización.',
  },
  fr: {
    subject_part: 'Crédits IA utilisés à {threshold} %',
    subject_all: 'Crédits IA épuisés',
    hello: 'Bonjour {name},',
    org_part: '{organisation} a utilisé {threshold} % des crédits IA de la période.',
    me_part: 'Vous avez utilisé {threshold} % des crédits IA de la période.',
    org_all: '{organisation} a utilisé tous les crédits IA de la période. Les fonctions IA répondront à nouveau au début de la prochaine période ou dès l’achat d’un pack de crédits.',
    me_all: 'Vous avez utilisé tous les crédits IA de la période. Les fonctions IA répondront à nouveau au début de la prochaine période ou dès l’achat d’un pack de crédits.',
    link: 'Voir l’utilisation et acheter des crédits',
    footer: 'Vous recevez ce message parce que vous gérez la facturation de votre organisation.',
  },
  ja: {
    subject_part: 'AIクレジットを{threshold}%使用しました',
    subject_all: 'AIクレジットを使い切りました',
    hello: '{name} 様',
    org_part: '{organisation}は今期のAIクレジットの{threshold}%を使用しました。',
    me_part: '今期のAIクレジットの{threshold}%を使用しました。',
    org_all: '{organisation}は今期のAIクレジットをすべて使用しました。次の期間が始まるか、クレジットパックを購入すると、AI機能は再び利用できます。',
    me_all: '今期のAIクレジットをすべて使用しました。次の期間が始まるか、クレジットパックを購入すると、AI機能は再び利用できます。',
    link: '使用状況を確認してクレジットを購入',
    footer: '組織の請求を管理しているため、このメールをお送りしています。',
  },
  ro: {
    subject_part: 'Credite AI folosite în proporție de {threshold} %',
    subject_all: 'Creditele AI s-au epuizat',
    hello: 'Bună ziua, {name},',
    org_part: '{organisation} a folosit {threshold} % din creditele AI ale acestei perioade.',
    me_part: 'Ați folosit {threshold} % din creditele AI ale acestei perioade.',
    org_all: '{organisation} a folosit toate creditele AI ale acestei perioade. Funcțiile AI răspund din nou când începe perioada următoare sau când se cumpără un pachet de credite.',
    me_all: 'Ați folosit toate creditele AI ale acestei perioade. Funcțiile AI răspund din nou când începe perioada următoare sau când se cumpără un pachet de credite.',
    link: 'Vedeți consumul și cumpărați credite',
    footer: 'Primiți acest mesaj deoarece administrați facturarea organizației dumneavoastră.',
  },
  ru: {
    subject_part: 'Израсходовано {threshold} % AI-кредитов',
    subject_all: 'AI-кредиты закончились',
    hello: 'Здравствуйте, {name}!',
    org_part: '{organisation} израсходовала {threshold} % AI-кредитов этого периода.',
    me_part: 'Вы израсходовали {threshold} % AI-кредитов этого периода.',
    org_all: '{organisation} израсходовала все AI-кредиты этого периода. Функции AI снова заработают с началом следующего периода или после покупки пакета кредитов.',
    me_all: 'Вы израсходовали все AI-кредиты этого периода. Функции AI снова заработают с началом следующего периода или после покупки пакета кредитов.',
    link: 'Посмотреть расход и купить кредиты',
    footer: 'Вы получили это письмо, потому что управляете оплатой вашей организации.',
  },
  zh: {
    subject_part: 'AI 点数已使用 {threshold}%',
    subject_all: 'AI 点数已用完',
    hello: '{name}，您好：',
    org_part: '{organisation} 已使用本期 AI 点数的 {threshold}%。',
    me_part: '您已使用本期 AI 点数的 {threshold}%。',
    org_all: '{organisation} 已用完本期全部 AI 点数。下一周期开始或购买点数包后，AI 功能将恢复使用。',
    me_all: '您已用完本期全部 AI 点数。下一周期开始或购买点数包后，AI 功能将恢复使用。',
    link: '查看用量并购买点数',
    footer: '您收到此邮件，是因为您负责管理贵组织的账单。',
  },
};
