import type { AnalyticsDimension, AnalyticsScope, AnalyticsSummary, Kpis } from '#shared/api/analytics.ts';
import { ANALYTICS_DIMENSIONS } from '#shared/api/analytics.ts';
import type { Locale } from '#shared/api/user.ts';
import { formatDecimal, formatMoney, formatPercent } from '#shared/money/format.ts';
import { clip } from '#shared/text.ts';
import { QUOTE_MODES } from '#shared/quotes/model.ts';
import { A4, MARGIN, PdfWriter } from '../documents/pdf-writer.ts';
import { modeLabel } from '../quotes/pdf.ts';

/** The figures the report's KPI table prints, in this order. */
const KPI_ROWS = ['revenue_minor', 'cost_minor', 'gross_profit_minor', 'margin_pct', 'shipments', 'teu', 'chargeable_kg', 'quotes_sent', 'win_rate_pct', 'on_time_pct', 'exceptions_opened', 'co2e_kg'] as const;
type KpiRow = (typeof KPI_ROWS)[number];

type Labels = {
  report: string; period: string; previous: string; change: string; figure: string; currency: string; others: string; empty: string;
  scope: Record<AnalyticsScope, string>;
  kpi: Record<KpiRow, string>;
  breakdown: Record<AnalyticsDimension, string>;
  columns: { name: string; revenue: string; cost: string; profit: string; margin: string; shipments: string };
  /** The mail that carries the report: its subject, the line under the title, the closing sentences and the footer. */
  mail: {
    subject: string; frequency: Record<'weekly' | 'monthly', string>; figures: Record<AnalyticsScope, string>;
    attached: string; open: string; unsubscribe: string; unsubscribeLink: string; why: string;
  };
};

/** The printed labels of a mailed analytics report in each language of the product. */
const LABELS: Record<Locale, Labels> = {
  en: {
    report: 'Analytics report', period: 'Period', previous: 'Previous period', change: 'Change', figure: 'Figure', currency: 'All amounts in', others: 'Others', empty: 'Nothing in this period.',
    scope: { organisation: 'The organisation', me: 'My own figures', department: 'My department' },
    kpi: { revenue_minor: 'Revenue', cost_minor: 'Cost', gross_profit_minor: 'Gross profit', margin_pct: 'Margin', shipments: 'Shipments', teu: 'TEU', chargeable_kg: 'Chargeable weight (kg)', quotes_sent: 'Quotes sent', win_rate_pct: 'Win rate', on_time_pct: 'On-time arrivals', exceptions_opened: 'Exceptions opened', co2e_kg: 'CO2e emitted (kg)' },
    breakdown: { lane: 'Top lanes', client: 'Top clients', salesperson: 'Salesperson leaderboard', carrier: 'Carriers', mode: 'Volume by mode', department: 'By department' },
    columns: { name: 'Name', revenue: 'Revenue', cost: 'Cost', profit: 'Gross profit', margin: 'Margin', shipments: 'Shipments' },
    mail: {
      subject: 'FYN analytics', frequency: { weekly: 'Your weekly report', monthly: 'Your monthly report' },
      figures: { organisation: 'the organisation’s figures', me: 'your own figures', department: 'your department’s figures' },
      attached: 'The rows (XLSX) and the page’s tables (PDF) are attached.', open: 'Open the page', unsubscribe: 'Unsubscribe in one click', unsubscribeLink: 'Unsubscribe',
      why: 'You get this because a colleague subscribed you to a saved analytics view.',
    },
  },
  de: {
    report: 'Analysebericht', period: 'Zeitraum', previous: 'Vorperiode', change: 'Veränderung', figure: 'Kennzahl', currency: 'Alle Beträge in', others: 'Sonstige', empty: 'Nichts in diesem Zeitraum.',
    scope: { organisation: 'Die Organisation', me: 'Meine eigenen Zahlen', department: 'Meine Abteilung' },
    kpi: { revenue_minor: 'Umsatz', cost_minor: 'Kosten', gross_profit_minor: 'Rohertrag', margin_pct: 'Marge', shipments: 'Sendungen', teu: 'TEU', chargeable_kg: 'Frachtpflichtiges Gewicht (kg)', quotes_sent: 'Versandte Angebote', win_rate_pct: 'Erfolgsquote', on_time_pct: 'Pünktliche Ankünfte', exceptions_opened: 'Eröffnete Störungen', co2e_kg: 'CO2e-Ausstoß (kg)' },
    breakdown: { lane: 'Top-Relationen', client: 'Top-Kunden', salesperson: 'Rangliste Vertrieb', carrier: 'Frachtführer', mode: 'Volumen nach Verkehrsträger', department: 'Nach Abteilung' },
    columns: { name: 'Name', revenue: 'Umsatz', cost: 'Kosten', profit: 'Rohertrag', margin: 'Marge', shipments: 'Sendungen' },
    mail: {
      subject: 'FYN-Analysen', frequency: { weekly: 'Ihr wöchentlicher Bericht', monthly: 'Ihr monatlicher Bericht' },
      figures: { organisation: 'Zahlen der Organisation', me: 'Ihre eigenen Zahlen', department: 'Zahlen Ihrer Abteilung' },
      attached: 'Die Zeilen (XLSX) und die Tabellen der Seite (PDF) sind angehängt.', open: 'Seite öffnen', unsubscribe: 'Mit einem Klick abbestellen', unsubscribeLink: 'Abbestellen',
      why: 'Sie erhalten diese E-Mail, weil eine Kollegin oder ein Kollege Sie für eine gespeicherte Analyseansicht eingetragen hat.',
    },
  },
  es: {
    report: 'Informe de análisis', period: 'Periodo', previous: 'Periodo anterior', change: 'Variación', figure: 'Indicador', currency: 'Todos los importes en', others: 'Otros', empty: 'Nada en este periodo.',
    scope: { organisation: 'La organización', me: 'Mis propias cifras', department: 'Mi departamento' },
    kpi: { revenue_minor: 'Ingresos', cost_minor: 'Costes', gross_profit_minor: 'Beneficio bruto', margin_pct: 'Margen', shipments: 'Envíos', teu: 'TEU', chargeable_kg: 'Peso tasable (kg)', quotes_sent: 'Cotizaciones enviadas', win_rate_pct: 'Tasa de éxito', on_time_pct: 'Llegadas puntuales', exceptions_opened: 'Incidencias abiertas', co2e_kg: 'CO2e emitido (kg)' },
    breakdown: { lane: 'Rutas principales', client: 'Clientes principales', salesperson: 'Clasificación de comerciales', carrier: 'Transportistas', mode: 'Volumen por modo', department: 'Por departamento' },
    columns: { name: 'Nombre', revenue: 'Ingresos', cost: 'Costes', profit: 'Beneficio bruto', margin: 'Margen', shipments: 'Envíos' },
    mail: {
      subject: 'Análisis de FYN', frequency: { weekly: 'Su informe semanal', monthly: 'Su informe mensual' },
      figures: { organisation: 'cifras de la organización', me: 'sus propias cifras', department: 'cifras de su departamento' },
      attached: 'Se adjuntan las filas (XLSX) y las tablas de la página (PDF).', open: 'Abrir la página', unsubscribe: 'Darse de baja con un clic', unsubscribeLink: 'Darse de baja',
      why: 'Recibe este correo porque un compañero le suscribió a una vista de análisis guardada.',
    },
  },
  fr: {
    report: 'Rapport d’analyse', period: 'Période', previous: 'Période précédente', change: 'Évolution', figure: 'Indicateur', currency: 'Tous les montants en', others: 'Autres', empty: 'Rien sur cette période.',
    scope: { organisation: 'L’organisation', me: 'Mes propres chiffres', department: 'Mon service' },
    kpi: { revenue_minor: 'Chiffre d’affaires', cost_minor: 'Coûts', gross_profit_minor: 'Marge brute', margin_pct: 'Taux de marge', shipments: 'Expéditions', teu: 'EVP', chargeable_kg: 'Poids taxable (kg)', quotes_sent: 'Devis envoyés', win_rate_pct: 'Taux de réussite', on_time_pct: 'Arrivées à l’heure', exceptions_opened: 'Incidents ouverts', co2e_kg: 'CO2e émis (kg)' },
    breakdown: { lane: 'Principaux trajets', client: 'Principaux clients', salesperson: 'Classement des commerciaux', carrier: 'Transporteurs', mode: 'Volume par mode', department: 'Par service' },
    columns: { name: 'Nom', revenue: 'CA', cost: 'Coûts', profit: 'Marge brute', margin: 'Taux', shipments: 'Expéditions' },
    mail: {
      subject: 'Analyses FYN', frequency: { weekly: 'Votre rapport hebdomadaire', monthly: 'Votre rapport mensuel' },
      figures: { organisation: 'chiffres de l’organisation', me: 'vos propres chiffres', department: 'chiffres de votre service' },
      attached: 'Les lignes (XLSX) et les tableaux de la page (PDF) sont joints.', open: 'Ouvrir la page', unsubscribe: 'Se désabonner en un clic', unsubscribeLink: 'Se désabonner',
      why: 'Vous recevez ce message parce qu’un collègue vous a abonné à une vue d’analyse enregistrée.',
    },
  },
  ja: {
    report: '分析レポート', period: '期間', previous: '前期間', change: '増減', figure: '指標', currency: '金額はすべて', others: 'その他', empty: 'この期間のデータはありません。',
    scope: { organisation: '組織全体', me: '自分の数値', department: '自部門' },
    kpi: { revenue_minor: '売上', cost_minor: '原価', gross_profit_minor: '粗利', margin_pct: '粗利率', shipments: '出荷件数', teu: 'TEU', chargeable_kg: '課金重量（kg）', quotes_sent: '送付した見積', win_rate_pct: '受注率', on_time_pct: '定時到着率', exceptions_opened: '発生した例外', co2e_kg: 'CO2e排出量（kg）' },
    breakdown: { lane: '主要区間', client: '主要顧客', salesperson: '営業担当ランキング', carrier: '運送会社', mode: '輸送モード別の数量', department: '部門別' },
    columns: { name: '名称', revenue: '売上', cost: '原価', profit: '粗利', margin: '粗利率', shipments: '件数' },
    mail: {
      subject: 'FYN 分析', frequency: { weekly: '週次レポート', monthly: '月次レポート' },
      figures: { organisation: '組織全体の数値', me: 'あなた自身の数値', department: 'あなたの部門の数値' },
      attached: '明細（XLSX）とページの表（PDF）を添付しています。', open: 'ページを開く', unsubscribe: 'ワンクリックで配信停止', unsubscribeLink: '配信停止',
      why: '同僚が保存済みの分析ビューの配信にあなたを登録したため、このメールが届いています。',
    },
  },
  ro: {
    report: 'Raport de analiză', period: 'Perioada', previous: 'Perioada anterioară', change: 'Variație', figure: 'Indicator', currency: 'Toate sumele în', others: 'Altele', empty: 'Nimic în această perioadă.',
    scope: { organisation: 'Organizația', me: 'Cifrele mele', department: 'Departamentul meu' },
    kpi: { revenue_minor: 'Venituri', cost_minor: 'Costuri', gross_profit_minor: 'Profit brut', margin_pct: 'Marjă', shipments: 'Expediții', teu: 'TEU', chargeable_kg: 'Greutate taxabilă (kg)', quotes_sent: 'Oferte trimise', win_rate_pct: 'Rată de câștig', on_time_pct: 'Sosiri la timp', exceptions_opened: 'Excepții deschise', co2e_kg: 'CO2e emis (kg)' },
    breakdown: { lane: 'Rute principale', client: 'Clienți principali', salesperson: 'Clasamentul agenților de vânzări', carrier: 'Transportatori', mode: 'Volum pe mod de transport', department: 'Pe departamente' },
    columns: { name: 'Nume', revenue: 'Venituri', cost: 'Costuri', profit: 'Profit brut', margin: 'Marjă', shipments: 'Expediții' },
    mail: {
      subject: 'Analize FYN', frequency: { weekly: 'Raportul dvs. săptămânal', monthly: 'Raportul dvs. lunar' },
      figures: { organisation: 'cifrele organizației', me: 'cifrele dvs.', department: 'cifrele departamentului dvs.' },
      attached: 'Rândurile (XLSX) și tabelele paginii (PDF) sunt atașate.', open: 'Deschideți pagina', unsubscribe: 'Dezabonare cu un clic', unsubscribeLink: 'Dezabonare',
      why: 'Primiți acest e-mail deoarece un coleg v-a abonat la o vizualizare de analiză salvată.',
    },
  },
  ru: {
    report: 'Аналитический отчёт', period: 'Период', previous: 'Предыдущий период', change: 'Изменение', figure: 'Показатель', currency: 'Все суммы в', others: 'Прочие', empty: 'За этот период ничего нет.',
    scope: { organisation: 'Вся организация', me: 'Мои показатели', department: 'Мой отдел' },
    kpi: { revenue_minor: 'Выручка', cost_minor: 'Затраты', gross_profit_minor: 'Валовая прибыль', margin_pct: 'Маржа', shipments: 'Отправки', teu: 'TEU', chargeable_kg: 'Оплачиваемый вес (кг)', quotes_sent: 'Отправлено предложений', win_rate_pct: 'Доля выигранных', on_time_pct: 'Прибытие вовремя', exceptions_opened: 'Открыто отклонений', co2e_kg: 'Выбросы CO2e (кг)' },
    breakdown: { lane: 'Основные маршруты', client: 'Основные клиенты', salesperson: 'Рейтинг менеджеров', carrier: 'Перевозчики', mode: 'Объём по видам транспорта', department: 'По отделам' },
    columns: { name: 'Название', revenue: 'Выручка', cost: 'Затраты', profit: 'Валовая прибыль', margin: 'Маржа', shipments: 'Отправки' },
    mail: {
      subject: 'Аналитика FYN', frequency: { weekly: 'Ваш еженедельный отчёт', monthly: 'Ваш ежемесячный отчёт' },
      figures: { organisation: 'показатели организации', me: 'ваши собственные показатели', department: 'показатели вашего отдела' },
      attached: 'Строки (XLSX) и таблицы страницы (PDF) во вложении.', open: 'Открыть страницу', unsubscribe: 'Отписаться одним нажатием', unsubscribeLink: 'Отписаться',
      why: 'Вы получили это письмо, потому что коллега подписал вас на сохранённое представление аналитики.',
    },
  },
  zh: {
    report: '分析报告', period: '期间', previous: '上一期间', change: '变化', figure: '指标', currency: '所有金额单位', others: '其他', empty: '此期间没有数据。',
    scope: { organisation: '整个组织', me: '我的数据', department: '我的部门' },
    kpi: { revenue_minor: '收入', cost_minor: '成本', gross_profit_minor: '毛利', margin_pct: '毛利率', shipments: '货运单数', teu: 'TEU', chargeable_kg: '计费重量（千克）', quotes_sent: '已发送报价', win_rate_pct: '成交率', on_time_pct: '准时到达率', exceptions_opened: '新增异常', co2e_kg: 'CO2e 排放（千克）' },
    breakdown: { lane: '主要航线', client: '主要客户', salesperson: '销售排行榜', carrier: '承运人', mode: '按运输方式的货量', department: '按部门' },
    columns: { name: '名称', revenue: '收入', cost: '成本', profit: '毛利', margin: '毛利率', shipments: '单数' },
    mail: {
      subject: 'FYN 分析', frequency: { weekly: '您的每周报告', monthly: '您的每月报告' },
      figures: { organisation: '组织的数据', me: '您自己的数据', department: '您部门的数据' },
      attached: '附件包含明细行（XLSX）和页面表格（PDF）。', open: '打开页面', unsubscribe: '一键退订', unsubscribeLink: '退订',
      why: '您收到此邮件，是因为一位同事为您订阅了一个已保存的分析视图。',
    },
  },
};

/** Numbers as the reader's language writes them (British English for en, as the other documents). */
const numberLocale = (language: Locale) => (language === 'en' ? 'en-GB' : language);

/** One KPI of the summary as printed: money in the base currency, per cent, decimals or a count; a dash when there is none. */
function kpiText(k: Kpis, key: KpiRow, currency: string, language: Locale): string {
  const loc = numberLocale(language);
  const v = k[key];
  if (v === null || v === undefined) return '—';
  if (key.endsWith('_minor')) return formatMoney(v as number, currency, loc);
  if (key.endsWith('_pct')) return formatPercent(String(v), loc);
  return formatDecimal(String(v), loc);
}

/** The texts of the mail that carries a report, in the reader's language. */
export const reportMailTexts = (language: Locale) => LABELS[language].mail;

/** "All amounts in GBP" in the reader's language. */
export const reportCurrencyText = (currency: string, language: Locale) => `${LABELS[language].currency} ${currency}`;

/** A report's period as the reader's language writes a range of days ("1–31 Oct 2026", "1.–31. Okt. 2026"). */
export function reportPeriodText(period: { from: string; to: string }, language: Locale): string {
  const format = new Intl.DateTimeFormat(numberLocale(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(new Date(`${period.from}T00:00:00Z`), new Date(`${period.to}T00:00:00Z`));
}

/** The KPI lines of a report (label, figure) in the reader's language: the mail's body prints the same ones. */
export function reportKpiLines(summary: AnalyticsSummary, language: Locale): [string, string][] {
  return KPI_ROWS.map((key) => [LABELS[language].kpi[key], kpiText(summary.kpis, key, summary.currency, language)]);
}

/**
 * The page's tables as a PDF in the reader's language: the KPI summary beside the previous period and
 * the change, then each breakdown (top 10 and others) with revenue, cost, gross profit, margin and
 * shipments. Set with the product's PDF writer, so Chinese and Japanese print in Noto Sans SC.
 */
export async function renderReportPdf(summary: AnalyticsSummary, view: string, language: Locale): Promise<Buffer> {
  const L = LABELS[language];
  const loc = numberLocale(language);
  const money = (minor: number) => formatMoney(minor, summary.currency, loc);
  const w = await PdfWriter.create(`${L.report}: ${view}`, 'FYN');
  const right = A4.width - MARGIN;
  const grey = w.rgb('#6b7280');

  await w.text(`${L.report}: ${clip(view, 80)}`, MARGIN, { size: 16, weight: 'bold' });
  w.y -= 20;
  await w.text(`${L.scope[summary.scope]} · ${L.period}: ${summary.period.from} – ${summary.period.to} · ${L.previous}: ${summary.previous_period.from} – ${summary.previous_period.to}`, MARGIN, { size: 9, color: grey });
  w.y -= 13;
  await w.text(`${L.currency} ${summary.currency}`, MARGIN, { size: 9, color: grey });
  w.y -= 24;

  /** One table: a bold header row over a rule, then the rows; the first column left, the others right-aligned at their x. */
  const table = async (columns: { label: string; x: number }[], rows: string[][]) => {
    w.ensure(40);
    for (const [i, c] of columns.entries()) await w.text(c.label, c.x, { size: 9, weight: 'bold', align: i ? 'right' : 'left' });
    w.y -= 6;
    w.line(MARGIN, right);
    w.y -= 13;
    for (const row of rows) {
      w.ensure(14);
      for (const [i, c] of columns.entries()) await w.text(i ? row[i] : clip(row[i], 34), c.x, { size: 9, align: i ? 'right' : 'left' });
      w.y -= 14;
    }
    w.y -= 14;
  };

  await table(
    [{ label: L.figure, x: MARGIN }, { label: L.period, x: 330 }, { label: L.previous, x: 460 }, { label: L.change, x: right }],
    KPI_ROWS.map((key) => {
      const change = summary.change[key];
      return [L.kpi[key], kpiText(summary.kpis, key, summary.currency, language), kpiText(summary.previous, key, summary.currency, language), change === null || change === undefined ? '—' : formatPercent(change, loc)];
    }),
  );

  for (const dim of ANALYTICS_DIMENSIONS) {
    const rows = summary.breakdowns[dim];
    w.ensure(60);
    await w.text(L.breakdown[dim], MARGIN, { size: 11, weight: 'bold' });
    w.y -= 18;
    if (!rows.length) {
      await w.text(L.empty, MARGIN, { size: 9, color: grey });
      w.y -= 24;
      continue;
    }
    await table(
      [{ label: L.columns.name, x: MARGIN }, { label: L.columns.revenue, x: 305 }, { label: L.columns.cost, x: 375 }, { label: L.columns.profit, x: 445 }, { label: L.columns.margin, x: 495 }, { label: L.columns.shipments, x: right }],
      rows.map((r) => [r.others ? L.others : dim === 'mode' && (QUOTE_MODES as readonly string[]).includes(r.key) ? modeLabel(language, r.key as (typeof QUOTE_MODES)[number]) : (r.label ?? (r.key || '—')), money(r.revenue_minor), money(r.cost_minor), money(r.gross_profit_minor), r.margin_pct === null ? '—' : formatPercent(r.margin_pct, loc), formatDecimal(String(r.shipments), loc)]),
    );
  }
  return w.bytes();
}
