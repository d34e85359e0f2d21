import type { ClientUpdateLanguage } from '#shared/api/ai-shipments.ts';
import type { ExceptionKind, ShipmentStatus } from '#shared/operations/model.ts';

/**
 * The sentences a client update is written from, in the 8 product languages. Placeholders in
 * braces: {ref} the shipment's reference, {from}/{to} places or dates, {date}, {client}, {vessel}.
 */
export type UpdateTexts = {
  subject: string;
  greeting: string;
  status: Record<ShipmentStatus, string>;
  departed: string;
  departs: string;
  arrived: string;
  eta: string;
  eta_later: string;
  eta_earlier: string;
  vessel: string;
  events: string;
  event: Record<string, string>;
  exception: Record<ExceptionKind, string>;
  on_plan: string;
  questions: string;
  closing: string;
};

export const CLIENT_UPDATE_TEXTS: Record<ClientUpdateLanguage, UpdateTexts> = {
  en: {
    subject: '{ref}: update on your shipment {from} → {to}',
    greeting: 'Dear {client} team,',
    status: {
      booked: 'Your shipment {ref} from {from} to {to} is booked.',
      in_transit: 'Your shipment {ref} from {from} to {to} is on its way.',
      arrived: 'Your shipment {ref} from {from} to {to} has arrived at its destination.',
      delivered: 'Your shipment {ref} from {from} to {to} has been delivered.',
      closed: 'Your shipment {ref} from {from} to {to} has been delivered.',
      cancelled: 'Your shipment {ref} from {from} to {to} has been cancelled.',
    },
    departed: 'It departed on {date}.',
    departs: 'It is planned to depart on {date}.',
    arrived: 'It arrived on {date}.',
    eta: 'The expected arrival is {date}.',
    eta_later: 'The expected arrival has moved from {from} to {to}, later than planned.',
    eta_earlier: 'The expected arrival has moved from {from} to {to}, earlier than planned.',
    vessel: 'It travels on the vessel {vessel}.',
    events: 'Latest events:',
    event: {
      DEPA: 'departed', ARRI: 'arrived', LOAD: 'loaded on board', DISC: 'discharged', GTIN: 'gated in at the terminal', GTOT: 'gated out of the terminal',
      STUF: 'container stuffed', STRP: 'container stripped', PICK: 'picked up', DROP: 'dropped off', INSP: 'inspected', RSEA: 'resealed', RMVD: 'removed',
    },
    exception: {
      eta_passed: 'The expected arrival date has passed without an arrival; we are checking with the carrier.',
      eta_slip: 'The arrival is later than first planned; we are following it closely.',
      cutoff_documents: 'The documents cut-off is close; we will contact you if we need anything from you.',
      demurrage_risk: 'The free time at the destination terminal is running out: please arrange the collection to avoid demurrage.',
    },
    on_plan: 'Everything is going to plan.',
    questions: 'If you have any questions, just reply to this e-mail.',
    closing: 'Kind regards,',
  },
  de: {
    subject: '{ref}: Neuigkeiten zu Ihrer Sendung {from} → {to}',
    greeting: 'Liebes Team von {client},',
    status: {
      booked: 'Ihre Sendung {ref} von {from} nach {to} ist gebucht.',
      in_transit: 'Ihre Sendung {ref} von {from} nach {to} ist unterwegs.',
      arrived: 'Ihre Sendung {ref} von {from} nach {to} ist am Bestimmungsort angekommen.',
      delivered: 'Ihre Sendung {ref} von {from} nach {to} wurde zugestellt.',
      closed: 'Ihre Sendung {ref} von {from} nach {to} wurde zugestellt.',
      cancelled: 'Ihre Sendung {ref} von {from} nach {to} wurde storniert.',
    },
    departed: 'Sie ist am {date} abgefahren.',
    departs: 'Die Abfahrt ist für den {date} geplant.',
    arrived: 'Sie ist am {date} angekommen.',
    eta: 'Die voraussichtliche Ankunft ist am {date}.',
    eta_later: 'Die voraussichtliche Ankunft hat sich vom {from} auf den {to} verschoben, später als geplant.',
    eta_earlier: 'Die voraussichtliche Ankunft hat sich vom {from} auf den {to} verschoben, früher als geplant.',
    vessel: 'Sie reist mit dem Schiff {vessel}.',
    events: 'Letzte Ereignisse:',
    event: {
      DEPA: 'abgefahren', ARRI: 'angekommen', LOAD: 'an Bord verladen', DISC: 'entladen', GTIN: 'am Terminal angeliefert', GTOT: 'vom Terminal abgeholt',
      STUF: 'Container beladen', STRP: 'Container entladen', PICK: 'abgeholt', DROP: 'abgestellt', INSP: 'kontrolliert', RSEA: 'neu versiegelt', RMVD: 'entfernt',
    },
    exception: {
      eta_passed: 'Das voraussichtliche Ankunftsdatum ist ohne Ankunft verstrichen; wir klären das mit der Reederei.',
      eta_slip: 'Die Ankunft verzögert sich gegenüber der ersten Planung; wir verfolgen das genau.',
      cutoff_documents: 'Der Dokumentenschluss steht bevor; wir melden uns, falls wir noch etwas von Ihnen brauchen.',
      demurrage_risk: 'Die freie Lagerzeit am Zielterminal läuft ab: Bitte veranlassen Sie die Abholung, um Demurrage zu vermeiden.',
    },
    on_plan: 'Alles läuft nach Plan.',
    questions: 'Bei Fragen antworten Sie einfach auf diese E-Mail.',
    closing: 'Mit freundlichen Grüßen',
  },
  es: {
    subject: '{ref}: novedades de su envío {from} → {to}',
    greeting: 'Estimado equipo de {client}:',
    status: {
      booked: 'Su envío {ref} de {from} a {to} está reservado.',
      in_transit: 'Su envío {ref} de {from} a {to} está en camino.',
      arrived: 'Su envío {ref} de {from} a {to} ha llegado a destino.',
      delivered: 'Su envío {ref} de {from} a {to} ha sido entregado.',
      closed: 'Su envío {ref} de {from} a {to} ha sido entregado.',
      cancelled: 'Su envío {ref} de {from} a {to} ha sido cancelado.',
    },
    departed: 'Salió el {date}.',
    departs: 'La salida está prevista para el {date}.',
    arrived: 'Llegó el {date}.',
    eta: 'La llegada prevista es el {date}.',
    eta_later: 'La llegada prevista ha pasado del {from} al {to}, más tarde de lo planificado.',
    eta_earlier: 'La llegada prevista ha pasado del {from} al {to}, antes de lo planificado.',
    vessel: 'Viaja en el buque {vessel}.',
    events: 'Últimos eventos:',
    event: {
      DEPA: 'salida', ARRI: 'llegada', LOAD: 'cargado a bordo', DISC: 'descargado', GTIN: 'entrada en la terminal', GTOT: 'salida de la terminal',
      STUF: 'contenedor llenado', STRP: 'contenedor vaciado', PICK: 'recogido', DROP: 'entregado en el punto acordado', INSP: 'inspeccionado', RSEA: 'precintado de nuevo', RMVD: 'retirado',
    },
    exception: {
      eta_passed: 'La fecha de llegada prevista ha pasado sin que haya llegado; lo estamos comprobando con la naviera.',
      eta_slip: 'La llegada es más tarde de lo planificado al principio; le hacemos un seguimiento de cerca.',
      cutoff_documents: 'El cierre de documentación está próximo; le contactaremos si necesitamos algo de usted.',
      demurrage_risk: 'El tiempo libre en la terminal de destino se agota: organice la recogida para evitar la demora (demurrage).',
    },
    on_plan: 'Todo va según lo previsto.',
    questions: 'Si tiene alguna pregunta, responda a este correo.',
    closing: 'Saludos cordiales,',
  },
  fr: {
    subject: '{ref} : point sur votre envoi {from} → {to}',
    greeting: 'Chère équipe {client},',
    status: {
      booked: 'Votre envoi {ref} de {from} à {to} est réservé.',
      in_transit: 'Votre envoi {ref} de {from} à {to} est en route.',
      arrived: 'Votre envoi {ref} de {from} à {to} est arrivé à destination.',
      delivered: 'Votre envoi {ref} de {from} à {to} a été livré.',
      closed: 'Votre envoi {ref} de {from} à {to} a été livré.',
      cancelled: 'Votre envoi {ref} de {from} à {to} a été annulé.',
    },
    departed: 'Il est parti le {date}.',
    departs: 'Le départ est prévu le {date}.',
    arrived: 'Il est arrivé le {date}.',
    eta: 'L’arrivée est prévue le {date}.',
    eta_later: 'L’arrivée prévue est passée du {from} au {to}, plus tard que prévu.',
    eta_earlier: 'L’arrivée prévue est passée du {from} au {to}, plus tôt que prévu.',
    vessel: 'Il voyage sur le navire {vessel}.',
    events: 'Derniers événements :',
    event: {
      DEPA: 'départ', ARRI: 'arrivée', LOAD: 'chargé à bord', DISC: 'déchargé', GTIN: 'entré au terminal', GTOT: 'sorti du terminal',
      STUF: 'conteneur empoté', STRP: 'conteneur dépoté', PICK: 'enlevé', DROP: 'déposé', INSP: 'inspecté', RSEA: 'scellé à nouveau', RMVD: 'retiré',
    },
    exception: {
      eta_passed: 'La date d’arrivée prévue est passée sans arrivée ; nous vérifions auprès du transporteur.',
      eta_slip: 'L’arrivée est plus tardive que prévu initialement ; nous la suivons de près.',
      cutoff_documents: 'La clôture documentaire approche ; nous vous contacterons si nous avons besoin de quelque chose.',
      demurrage_risk: 'Le temps de franchise au terminal de destination s’épuise : merci d’organiser l’enlèvement pour éviter des surestaries.',
    },
    on_plan: 'Tout se déroule comme prévu.',
    questions: 'Pour toute question, il suffit de répondre à cet e-mail.',
    closing: 'Cordialement,',
  },
  ja: {
    subject: '{ref}：貨物 {from} → {to} の状況のお知らせ',
    greeting: '{client} ご担当者様',
    status: {
      booked: '{from} 発 {to} 行きの貨物 {ref} のブッキングが完了しました。',
      in_transit: '{from} 発 {to} 行きの貨物 {ref} は輸送中です。',
      arrived: '{from} 発 {to} 行きの貨物 {ref} は仕向地に到着しました。',
      delivered: '{from} 発 {to} 行きの貨物 {ref} は配達が完了しました。',
      closed: '{from} 発 {to} 行きの貨物 {ref} は配達が完了しました。',
      cancelled: '{from} 発 {to} 行きの貨物 {ref} はキャンセルされました。',
    },
    departed: '{date} に出発しました。',
    departs: '{date} に出発予定です。',
    arrived: '{date} に到着しました。',
    eta: '到着予定日は {date} です。',
    eta_later: '到着予定日が {from} から {to} に変更になりました（当初の予定より遅れています）。',
    eta_earlier: '到着予定日が {from} から {to} に変更になりました（当初の予定より早まっています）。',
    vessel: '本船 {vessel} で輸送中です。',
    events: '最新の状況：',
    event: {
      DEPA: '出発', ARRI: '到着', LOAD: '船積み', DISC: '荷揚げ', GTIN: 'ターミナル搬入', GTOT: 'ターミナル搬出',
      STUF: 'コンテナ積み込み', STRP: 'コンテナ取り出し', PICK: '集荷', DROP: '引き渡し', INSP: '検査', RSEA: '再封印', RMVD: '撤去',
    },
    exception: {
      eta_passed: '到着予定日を過ぎましたが、まだ到着していません。船会社に確認しております。',
      eta_slip: '当初の予定より到着が遅れています。引き続き注意して確認いたします。',
      cutoff_documents: '書類の締切が近づいています。必要なものがあればご連絡いたします。',
      demurrage_risk: '仕向地ターミナルのフリータイムが残りわずかです。デマレージを避けるため、引き取りの手配をお願いいたします。',
    },
    on_plan: 'すべて予定どおりに進んでいます。',
    questions: 'ご不明な点がございましたら、このメールにご返信ください。',
    closing: 'よろしくお願いいたします。',
  },
  ro: {
    subject: '{ref}: noutăți despre transportul dumneavoastră {from} → {to}',
    greeting: 'Stimată echipă {client},',
    status: {
      booked: 'Transportul dumneavoastră {ref} de la {from} la {to} este rezervat.',
      in_transit: 'Transportul dumneavoastră {ref} de la {from} la {to} este pe drum.',
      arrived: 'Transportul dumneavoastră {ref} de la {from} la {to} a ajuns la destinație.',
      delivered: 'Transportul dumneavoastră {ref} de la {from} la {to} a fost livrat.',
      closed: 'Transportul dumneavoastră {ref} de la {from} la {to} a fost livrat.',
      cancelled: 'Transportul dumneavoastră {ref} de la {from} la {to} a fost anulat.',
    },
    departed: 'A plecat pe {date}.',
    departs: 'Plecarea este planificată pe {date}.',
    arrived: 'A sosit pe {date}.',
    eta: 'Sosirea estimată este pe {date}.',
    eta_later: 'Sosirea estimată s-a mutat de pe {from} pe {to}, mai târziu decât era planificat.',
    eta_earlier: 'Sosirea estimată s-a mutat de pe {from} pe {to}, mai devreme decât era planificat.',
    vessel: 'Călătorește cu nava {vessel}.',
    events: 'Ultimele evenimente:',
    event: {
      DEPA: 'plecare', ARRI: 'sosire', LOAD: 'încărcat la bord', DISC: 'descărcat', GTIN: 'intrat în terminal', GTOT: 'ieșit din terminal',
      STUF: 'container încărcat', STRP: 'container golit', PICK: 'ridicat', DROP: 'predat', INSP: 'inspectat', RSEA: 'resigilat', RMVD: 'îndepărtat',
    },
    exception: {
      eta_passed: 'Data estimată de sosire a trecut fără ca transportul să sosească; verificăm cu transportatorul.',
      eta_slip: 'Sosirea este mai târzie decât s-a planificat inițial; o urmărim îndeaproape.',
      cutoff_documents: 'Termenul-limită pentru documente se apropie; vă contactăm dacă avem nevoie de ceva de la dumneavoastră.',
      demurrage_risk: 'Timpul liber la terminalul de destinație se termină: vă rugăm să organizați ridicarea pentru a evita penalitățile de staționare (demurrage).',
    },
    on_plan: 'Totul decurge conform planului.',
    questions: 'Dacă aveți întrebări, răspundeți la acest e-mail.',
    closing: 'Cu stimă,',
  },
  ru: {
    subject: '{ref}: новости о вашей отправке {from} → {to}',
    greeting: 'Уважаемая команда {client}!',
    status: {
      booked: 'Ваша отправка {ref} из {from} в {to} забронирована.',
      in_transit: 'Ваша отправка {ref} из {from} в {to} находится в пути.',
      arrived: 'Ваша отправка {ref} из {from} в {to} прибыла в пункт назначения.',
      delivered: 'Ваша отправка {ref} из {from} в {to} доставлена.',
      closed: 'Ваша отправка {ref} из {from} в {to} доставлена.',
      cancelled: 'Ваша отправка {ref} из {from} в {to} отменена.',
    },
    departed: 'Отправление состоялось {date}.',
    departs: 'Отправление запланировано на {date}.',
    arrived: 'Прибытие состоялось {date}.',
    eta: 'Ожидаемая дата прибытия — {date}.',
    eta_later: 'Ожидаемая дата прибытия перенесена с {from} на {to}, позже запланированного.',
    eta_earlier: 'Ожидаемая дата прибытия перенесена с {from} на {to}, раньше запланированного.',
    vessel: 'Груз следует на судне {vessel}.',
    events: 'Последние события:',
    event: {
      DEPA: 'отправление', ARRI: 'прибытие', LOAD: 'погружено на борт', DISC: 'выгружено', GTIN: 'завезено на терминал', GTOT: 'вывезено с терминала',
      STUF: 'контейнер загружен', STRP: 'контейнер разгружен', PICK: 'забрано', DROP: 'доставлено на площадку', INSP: 'досмотрено', RSEA: 'опломбировано заново', RMVD: 'снято',
    },
    exception: {
      eta_passed: 'Ожидаемая дата прибытия прошла, а груз ещё не прибыл; мы уточняем у перевозчика.',
      eta_slip: 'Прибытие задерживается по сравнению с первоначальным планом; мы внимательно следим за ситуацией.',
      cutoff_documents: 'Приближается срок подачи документов; мы свяжемся с вами, если нам что-то понадобится.',
      demurrage_risk: 'Бесплатное время хранения на терминале назначения заканчивается: пожалуйста, организуйте вывоз, чтобы избежать демереджа.',
    },
    on_plan: 'Всё идёт по плану.',
    questions: 'Если у вас есть вопросы, просто ответьте на это письмо.',
    closing: 'С уважением,',
  },
  zh: {
    subject: '{ref}：您的货物 {from} → {to} 最新动态',
    greeting: '{client} 团队，您好：',
    status: {
      booked: '您从 {from} 发往 {to} 的货物 {ref} 已订舱。',
      in_transit: '您从 {from} 发往 {to} 的货物 {ref} 正在运输途中。',
      arrived: '您从 {from} 发往 {to} 的货物 {ref} 已到达目的地。',
      delivered: '您从 {from} 发往 {to} 的货物 {ref} 已交付。',
      closed: '您从 {from} 发往 {to} 的货物 {ref} 已交付。',
      cancelled: '您从 {from} 发往 {to} 的货物 {ref} 已取消。',
    },
    departed: '已于 {date} 出发。',
    departs: '计划于 {date} 出发。',
    arrived: '已于 {date} 到达。',
    eta: '预计到达日期为 {date}。',
    eta_later: '预计到达日期已从 {from} 改为 {to}，比原计划晚。',
    eta_earlier: '预计到达日期已从 {from} 改为 {to}，比原计划早。',
    vessel: '货物搭载船舶 {vessel}。',
    events: '最新动态：',
    event: {
      DEPA: '已出发', ARRI: '已到达', LOAD: '已装船', DISC: '已卸船', GTIN: '已进入码头', GTOT: '已离开码头',
      STUF: '已装箱', STRP: '已拆箱', PICK: '已提货', DROP: '已送达', INSP: '已查验', RSEA: '已重新施封', RMVD: '已移除',
    },
    exception: {
      eta_passed: '预计到达日期已过，货物仍未到达；我们正在向承运人核实。',
      eta_slip: '到达时间比原计划延后；我们正在密切跟进。',
      cutoff_documents: '截单时间临近；如需您提供任何资料，我们会与您联系。',
      demurrage_risk: '目的港码头的免费堆存期即将结束：请尽快安排提货，以免产生滞箱费。',
    },
    on_plan: '一切按计划进行。',
    questions: '如有任何问题，请直接回复此邮件。',
    closing: '此致敬礼',
  },
};
