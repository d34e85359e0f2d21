import type { CONTRACT_TYPES, EMPLOYMENT_TYPES } from '#shared/hr/model.ts';
import { formatDecimal, formatMoney } from '#shared/money/format.ts';
import type { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import { clip } from '#shared/text.ts';
import { A4, MARGIN, PdfWriter } from '../documents/pdf-writer.ts';

type ContractType = (typeof CONTRACT_TYPES)[number];
type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type HrPdfLanguage = (typeof DOCUMENT_LANGUAGES)[number];
type Organisation = { name: string; lines: string[]; logo: Buffer | null };

export type ContractPdfData = {
  organisation: Organisation;
  employee: { name: string; email: string; job_title: string; department: string | null; work_location: string; location_name: string | null; employment_type: EmploymentType };
  contract: {
    type: ContractType; status: 'draft' | 'active' | 'ended' | 'terminated'; start_date: string; end_date: string | null; probation_months: number; probation_end: string | null;
    notice_days: number; hours_per_week: string; salary: { amount_minor: number; currency: string; period: 'month' | 'year' } | null;
  };
  issued: string;
};

export type PayslipPdfData = {
  organisation: Organisation;
  employee: { name: string; job_title: string; work_location: string };
  slip: {
    period_start: string; period_end: string; currency: string; period_working_days: string; payment_days: string; unpaid_leave_days: string;
    gross_minor: number; deductions_minor: number; net_minor: number; lines: { code: string; name: string; kind: string; amount_minor: number }[];
  };
  run: { status: 'approved' | 'paid'; paid_at: string | null };
};

type Labels = {
  contract: string; terms: string; draft: string; employer: string; employee: string; job_title: string; department: string; work_location: string; employment_type: string;
  contract_type: string; start: string; end: string; open_ended: string; probation: string; months: string; until: string; none: string; notice: string; days: string;
  hours: string; per_week: string; salary: string; per: Record<'month' | 'year', string>; signed_employer: string; signed_employee: string; date: string; issued: string;
  contract_types: Record<ContractType, string>; employment_types: Record<EmploymentType, string>;
  payslip: string; period: string; working_days: string; payment_days: string; unpaid_leave: string; earnings: string; deductions: string; amount: string;
  gross: string; total_deductions: string; net: string; paid: string; approved: string; status: string; tax_note: string;
};

/** The printed words of contracts and payslips in each language of the product. */
const LABELS: Record<HrPdfLanguage, Labels> = {
  en: {
    contract: 'Employment contract', terms: 'Terms', draft: 'DRAFT — not in force until signed and activated', employer: 'Employer', employee: 'Employee', job_title: 'Position', department: 'Department',
    work_location: 'Place of work', employment_type: 'Employment', contract_type: 'Contract type', start: 'Start date', end: 'End date', open_ended: 'open-ended', probation: 'Probation',
    months: 'months', until: 'until', none: 'none', notice: 'Notice period', days: 'days', hours: 'Working hours', per_week: 'hours a week', salary: 'Salary',
    per: { month: 'a month', year: 'a year' }, signed_employer: 'For the employer', signed_employee: 'Employee', date: 'Date', issued: 'Issued',
    contract_types: { permanent: 'Permanent', fixed_term: 'Fixed term', part_time: 'Part time', zero_hours: 'Zero hours', internship: 'Internship' },
    employment_types: { full_time: 'Full time', part_time: 'Part time', temporary: 'Temporary', contractor: 'Contractor', intern: 'Intern' },
    payslip: 'Payslip', period: 'Pay period', working_days: 'Working days in the period', payment_days: 'Payment days', unpaid_leave: 'Unpaid leave (days)', earnings: 'Earnings',
    deductions: 'Deductions', amount: 'Amount', gross: 'Gross pay', total_deductions: 'Total deductions', net: 'Net pay', paid: 'Paid on', approved: 'Approved, not yet paid', status: 'Status',
    tax_note: 'Deductions are the components defined by the employer; FYN does not compute any country’s tax law.',
  },
  de: {
    contract: 'Arbeitsvertrag', terms: 'Bedingungen', draft: 'ENTWURF — erst nach Unterzeichnung und Aktivierung gültig', employer: 'Arbeitgeber', employee: 'Arbeitnehmer/in', job_title: 'Position', department: 'Abteilung',
    work_location: 'Arbeitsort', employment_type: 'Beschäftigung', contract_type: 'Vertragsart', start: 'Beginn', end: 'Ende', open_ended: 'unbefristet', probation: 'Probezeit',
    months: 'Monate', until: 'bis', none: 'keine', notice: 'Kündigungsfrist', days: 'Tage', hours: 'Arbeitszeit', per_week: 'Stunden pro Woche', salary: 'Gehalt',
    per: { month: 'monatlich', year: 'jährlich' }, signed_employer: 'Für den Arbeitgeber', signed_employee: 'Arbeitnehmer/in', date: 'Datum', issued: 'Ausgestellt',
    contract_types: { permanent: 'Unbefristet', fixed_term: 'Befristet', part_time: 'Teilzeit', zero_hours: 'Arbeit auf Abruf', internship: 'Praktikum' },
    employment_types: { full_time: 'Vollzeit', part_time: 'Teilzeit', temporary: 'Befristet', contractor: 'Freie Mitarbeit', intern: 'Praktikant/in' },
    payslip: 'Gehaltsabrechnung', period: 'Abrechnungszeitraum', working_days: 'Arbeitstage im Zeitraum', payment_days: 'Bezahlte Tage', unpaid_leave: 'Unbezahlter Urlaub (Tage)', earnings: 'Bezüge',
    deductions: 'Abzüge', amount: 'Betrag', gross: 'Brutto', total_deductions: 'Abzüge gesamt', net: 'Netto', paid: 'Bezahlt am', approved: 'Freigegeben, noch nicht bezahlt', status: 'Status',
    tax_note: 'Die Abzüge sind die vom Arbeitgeber festgelegten Bestandteile; FYN berechnet kein Steuerrecht eines Landes.',
  },
  es: {
    contract: 'Contrato de trabajo', terms: 'Condiciones', draft: 'BORRADOR — sin efecto hasta su firma y activación', employer: 'Empleador', employee: 'Empleado/a', job_title: 'Puesto', department: 'Departamento',
    work_location: 'Lugar de trabajo', employment_type: 'Tipo de empleo', contract_type: 'Tipo de contrato', start: 'Fecha de inicio', end: 'Fecha de fin', open_ended: 'indefinido', probation: 'Período de prueba',
    months: 'meses', until: 'hasta', none: 'ninguno', notice: 'Preaviso', days: 'días', hours: 'Jornada', per_week: 'horas semanales', salary: 'Salario',
    per: { month: 'al mes', year: 'al año' }, signed_employer: 'Por el empleador', signed_employee: 'Empleado/a', date: 'Fecha', issued: 'Emitido',
    contract_types: { permanent: 'Indefinido', fixed_term: 'Temporal', part_time: 'A tiempo parcial', zero_hours: 'Sin horas garantizadas', internship: 'Prácticas' },
    employment_types: { full_time: 'Jornada completa', part_time: 'Jornada parcial', temporary: 'Temporal', contractor: 'Autónomo', intern: 'Becario/a' },
    payslip: 'Nómina', period: 'Período de pago', working_days: 'Días laborables del período', payment_days: 'Días retribuidos', unpaid_leave: 'Permiso no retribuido (días)', earnings: 'Devengos',
    deductions: 'Deducciones', amount: 'Importe', gross: 'Salario bruto', total_deductions: 'Total deducciones', net: 'Líquido a percibir', paid: 'Pagada el', approved: 'Aprobada, aún no pagada', status: 'Estado',
    tax_note: 'Las deducciones son los conceptos definidos por el empleador; FYN no calcula la legislación fiscal de ningún país.',
  },
  fr: {
    contract: 'Contrat de travail', terms: 'Conditions', draft: 'PROJET — sans effet avant signature et activation', employer: 'Employeur', employee: 'Salarié(e)', job_title: 'Poste', department: 'Service',
    work_location: 'Lieu de travail', employment_type: 'Emploi', contract_type: 'Type de contrat', start: 'Date de début', end: 'Date de fin', open_ended: 'durée indéterminée', probation: "Période d'essai",
    months: 'mois', until: "jusqu'au", none: 'aucune', notice: 'Préavis', days: 'jours', hours: 'Durée du travail', per_week: 'heures par semaine', salary: 'Rémunération',
    per: { month: 'par mois', year: 'par an' }, signed_employer: "Pour l'employeur", signed_employee: 'Salarié(e)', date: 'Date', issued: 'Émis le',
    contract_types: { permanent: 'CDI', fixed_term: 'CDD', part_time: 'Temps partiel', zero_hours: 'Sans horaire garanti', internship: 'Stage' },
    employment_types: { full_time: 'Temps plein', part_time: 'Temps partiel', temporary: 'Temporaire', contractor: 'Prestataire', intern: 'Stagiaire' },
    payslip: 'Bulletin de paie', period: 'Période de paie', working_days: 'Jours ouvrés de la période', payment_days: 'Jours payés', unpaid_leave: 'Congé sans solde (jours)', earnings: 'Éléments de rémunération',
    deductions: 'Retenues', amount: 'Montant', gross: 'Salaire brut', total_deductions: 'Total des retenues', net: 'Net à payer', paid: 'Payé le', approved: 'Validé, pas encore payé', status: 'Statut',
    tax_note: "Les retenues sont les éléments définis par l'employeur ; FYN ne calcule la législation fiscale d'aucun pays.",
  },
  ja: {
    contract: '雇用契約書', terms: '契約条件', draft: '草案 — 署名・有効化まで効力はありません', employer: '雇用者', employee: '従業員', job_title: '職位', department: '部署',
    work_location: '勤務地', employment_type: '雇用形態', contract_type: '契約種別', start: '開始日', end: '終了日', open_ended: '期間の定めなし', probation: '試用期間',
    months: 'か月', until: 'まで', none: 'なし', notice: '予告期間', days: '日', hours: '労働時間', per_week: '時間/週', salary: '給与',
    per: { month: '月額', year: '年額' }, signed_employer: '雇用者署名', signed_employee: '従業員署名', date: '日付', issued: '発行日',
    contract_types: { permanent: '無期雇用', fixed_term: '有期雇用', part_time: 'パートタイム', zero_hours: 'ゼロ時間契約', internship: 'インターンシップ' },
    employment_types: { full_time: 'フルタイム', part_time: 'パートタイム', temporary: '臨時', contractor: '業務委託', intern: 'インターン' },
    payslip: '給与明細', period: '対象期間', working_days: '期間内の勤務日数', payment_days: '支給日数', unpaid_leave: '無給休暇(日)', earnings: '支給',
    deductions: '控除', amount: '金額', gross: '総支給額', total_deductions: '控除合計', net: '差引支給額', paid: '支払日', approved: '承認済み・未払い', status: '状態',
    tax_note: '控除は雇用者が定めた項目です。FYN はいかなる国の税法も計算しません。',
  },
  ro: {
    contract: 'Contract individual de muncă', terms: 'Condiții', draft: 'PROIECT — fără efect până la semnare și activare', employer: 'Angajator', employee: 'Angajat', job_title: 'Funcția', department: 'Departament',
    work_location: 'Locul de muncă', employment_type: 'Tip de angajare', contract_type: 'Tip de contract', start: 'Data începerii', end: 'Data încetării', open_ended: 'perioadă nedeterminată', probation: 'Perioadă de probă',
    months: 'luni', until: 'până la', none: 'fără', notice: 'Preaviz', days: 'zile', hours: 'Program de lucru', per_week: 'ore pe săptămână', salary: 'Salariu',
    per: { month: 'pe lună', year: 'pe an' }, signed_employer: 'Pentru angajator', signed_employee: 'Angajat', date: 'Data', issued: 'Emis',
    contract_types: { permanent: 'Nedeterminată', fixed_term: 'Determinată', part_time: 'Timp parțial', zero_hours: 'Fără ore garantate', internship: 'Stagiu' },
    employment_types: { full_time: 'Normă întreagă', part_time: 'Timp parțial', temporary: 'Temporar', contractor: 'Colaborator', intern: 'Stagiar' },
    payslip: 'Fluturaș de salariu', period: 'Perioada de plată', working_days: 'Zile lucrătoare în perioadă', payment_days: 'Zile plătite', unpaid_leave: 'Concediu fără plată (zile)', earnings: 'Venituri',
    deductions: 'Rețineri', amount: 'Sumă', gross: 'Salariu brut', total_deductions: 'Total rețineri', net: 'Salariu net', paid: 'Plătit la', approved: 'Aprobat, încă neplătit', status: 'Stare',
    tax_note: 'Reținerile sunt componentele definite de angajator; FYN nu calculează legislația fiscală a niciunei țări.',
  },
  ru: {
    contract: 'Трудовой договор', terms: 'Условия', draft: 'ПРОЕКТ — не действует до подписания и активации', employer: 'Работодатель', employee: 'Работник', job_title: 'Должность', department: 'Отдел',
    work_location: 'Место работы', employment_type: 'Тип занятости', contract_type: 'Вид договора', start: 'Дата начала', end: 'Дата окончания', open_ended: 'бессрочный', probation: 'Испытательный срок',
    months: 'мес.', until: 'до', none: 'нет', notice: 'Срок уведомления', days: 'дн.', hours: 'Рабочее время', per_week: 'ч в неделю', salary: 'Оклад',
    per: { month: 'в месяц', year: 'в год' }, signed_employer: 'За работодателя', signed_employee: 'Работник', date: 'Дата', issued: 'Выдан',
    contract_types: { permanent: 'Бессрочный', fixed_term: 'Срочный', part_time: 'Неполный день', zero_hours: 'Без гарантированных часов', internship: 'Стажировка' },
    employment_types: { full_time: 'Полная занятость', part_time: 'Частичная занятость', temporary: 'Временная', contractor: 'Подрядчик', intern: 'Стажёр' },
    payslip: 'Расчётный листок', period: 'Расчётный период', working_days: 'Рабочих дней в периоде', payment_days: 'Оплачиваемых дней', unpaid_leave: 'Отпуск без сохранения (дн.)', earnings: 'Начисления',
    deductions: 'Удержания', amount: 'Сумма', gross: 'Начислено', total_deductions: 'Всего удержано', net: 'К выплате', paid: 'Выплачено', approved: 'Утверждено, ещё не выплачено', status: 'Статус',
    tax_note: 'Удержания — это статьи, заданные работодателем; FYN не рассчитывает налоги по законам какой-либо страны.',
  },
  zh: {
    contract: '劳动合同', terms: '合同条款', draft: '草稿 — 签署并生效前无效', employer: '雇主', employee: '员工', job_title: '职位', department: '部门',
    work_location: '工作地点', employment_type: '用工形式', contract_type: '合同类型', start: '开始日期', end: '结束日期', open_ended: '无固定期限', probation: '试用期',
    months: '个月', until: '至', none: '无', notice: '通知期', days: '天', hours: '工作时间', per_week: '小时/周', salary: '薪资',
    per: { month: '每月', year: '每年' }, signed_employer: '雇主签字', signed_employee: '员工签字', date: '日期', issued: '出具日期',
    contract_types: { permanent: '无固定期限', fixed_term: '固定期限', part_time: '非全日制', zero_hours: '零工时', internship: '实习' },
    employment_types: { full_time: '全职', part_time: '兼职', temporary: '临时', contractor: '外包', intern: '实习生' },
    payslip: '工资单', period: '工资期间', working_days: '期间工作日', payment_days: '计薪天数', unpaid_leave: '无薪假(天)', earnings: '应发项目',
    deductions: '扣除项目', amount: '金额', gross: '应发工资', total_deductions: '扣除合计', net: '实发工资', paid: '发放日期', approved: '已审批，尚未发放', status: '状态',
    tax_note: '扣除项目由雇主设定；FYN 不计算任何国家的税法。',
  },
};

const localeOf = (language: HrPdfLanguage) => (language === 'en' ? 'en-GB' : language);

/** The common head of HR documents: the organisation (logo, name, address) and the title. */
async function head(w: PdfWriter, organisation: Organisation, title: string) {
  const accent = w.rgb('#4788B6');
  const logoHeight = organisation.logo ? await w.image(organisation.logo, MARGIN, 140, 44) : 0;
  if (logoHeight) w.y -= logoHeight + 8;
  await w.text(organisation.name, MARGIN, { size: 14, weight: 'bold', color: accent });
  for (const l of organisation.lines) {
    w.y -= 12;
    await w.text(l, MARGIN, { size: 8, color: w.rgb('#6b7280') });
  }
  w.y -= 26;
  await w.paragraph(title, MARGIN, A4.width - 2 * MARGIN, { size: 17, weight: 'bold' });
  w.y -= 4;
}

/** Label and value rows, the value wrapped in the right-hand column. */
async function facts(w: PdfWriter, rows: [string, string][]) {
  const grey = w.rgb('#6b7280');
  for (const [label, value] of rows) {
    w.ensure(14);
    await w.text(label, MARGIN, { size: 8, color: grey });
    await w.paragraph(value, MARGIN + 150, A4.width - 2 * MARGIN - 150, { size: 9.5 });
    w.y -= 1;
  }
}

async function section(w: PdfWriter, label: string) {
  w.y -= 14;
  w.ensure(40);
  await w.text(label, MARGIN, { size: 10, weight: 'bold', color: w.rgb('#4788B6') });
  w.y -= 4;
  w.line(MARGIN, A4.width - MARGIN);
  w.y -= 12;
}

/**
 * An employment contract as PDF (issue 13, item 2): the employer and the employee, the terms (type,
 * dates, probation, notice, hours, salary) and two signature blocks. A draft says so across its head.
 */
export async function renderContractPdf(d: ContractPdfData, language: HrPdfLanguage): Promise<Buffer> {
  const L = LABELS[language];
  const locale = localeOf(language);
  const c = d.contract;
  const w = await PdfWriter.create(`${L.contract} · ${d.employee.name}`, d.organisation.name);
  await head(w, d.organisation, L.contract);
  if (c.status === 'draft') {
    await w.text(L.draft, MARGIN, { size: 9, weight: 'bold', color: w.rgb('#b45309') });
    w.y -= 14;
  }
  await facts(w, [
    [L.employer, [d.organisation.name, ...d.organisation.lines].join(', ')],
    [L.employee, `${d.employee.name} · ${d.employee.email}`],
  ]);
  await section(w, L.terms);
  const place = d.employee.location_name ? `${d.employee.location_name} (${d.employee.work_location})` : d.employee.work_location;
  await facts(w, [
    [L.job_title, d.employee.job_title],
    ...(d.employee.department ? [[L.department, d.employee.department] as [string, string]] : []),
    [L.work_location, place],
    [L.employment_type, L.employment_types[d.employee.employment_type]],
    [L.contract_type, L.contract_types[c.type]],
    [L.start, c.start_date],
    [L.end, c.end_date ?? L.open_ended],
    [L.probation, c.probation_months ? `${c.probation_months} ${L.months} (${L.until} ${c.probation_end})` : L.none],
    [L.notice, c.notice_days ? `${c.notice_days} ${L.days}` : L.none],
    [L.hours, `${formatDecimal(c.hours_per_week, locale)} ${L.per_week}`],
    // Without `payroll.view` a reader sees no pay (presentContract), and neither does the PDF.
    ...(c.salary ? [[L.salary, `${formatMoney(c.salary.amount_minor, c.salary.currency, locale)} ${L.per[c.salary.period]}`] as [string, string]] : []),
  ]);

  w.y -= 40;
  w.ensure(70);
  const half = (A4.width - 2 * MARGIN) / 2;
  for (const i of [0, 1]) {
    const x = MARGIN + i * half;
    w.page.drawLine({ start: { x, y: w.y }, end: { x: x + half - 24, y: w.y }, thickness: 0.5, color: w.rgb('#9ca3af') });
  }
  w.y -= 12;
  for (const [i, who] of [`${L.signed_employer} · ${d.organisation.name}`, `${L.signed_employee} · ${d.employee.name}`].entries()) await w.text(clip(who, 48), MARGIN + i * half, { size: 8, color: w.rgb('#6b7280') });
  w.y -= 12;
  for (const i of [0, 1]) await w.text(`${L.date}:`, MARGIN + i * half, { size: 8, color: w.rgb('#6b7280') });
  w.y -= 24;
  await w.text(`${L.issued} ${d.issued}`, MARGIN, { size: 7, color: w.rgb('#9ca3af') });
  return w.bytes();
}

/**
 * A payslip as PDF (issue 13, item 4): the period, working and payment days, earnings and
 * deductions line by line with gross, deductions and net — the figures stored with the approved
 * run, never worked out again here.
 */
export async function renderPayslipPdf(d: PayslipPdfData, language: HrPdfLanguage): Promise<Buffer> {
  const L = LABELS[language];
  const locale = localeOf(language);
  const s = d.slip;
  const money = (minor: number) => formatMoney(minor, s.currency, locale);
  const right = A4.width - MARGIN;
  const w = await PdfWriter.create(`${L.payslip} ${s.period_start.slice(0, 7)} · ${d.employee.name}`, d.organisation.name);
  await head(w, d.organisation, `${L.payslip} · ${s.period_start.slice(0, 7)}`);
  await facts(w, [
    [L.employee, d.employee.name],
    [L.job_title, d.employee.job_title],
    [L.work_location, d.employee.work_location],
    [L.period, `${s.period_start} – ${s.period_end}`],
    [L.working_days, formatDecimal(s.period_working_days, locale)],
    [L.payment_days, formatDecimal(s.payment_days, locale)],
    [L.unpaid_leave, formatDecimal(s.unpaid_leave_days, locale)],
    [L.status, d.run.status === 'paid' && d.run.paid_at ? `${L.paid} ${d.run.paid_at.slice(0, 10)}` : L.approved],
  ]);
  for (const [kind, title, total, totalLabel] of [['earning', L.earnings, s.gross_minor, L.gross], ['deduction', L.deductions, s.deductions_minor, L.total_deductions]] as const) {
    const lines = s.lines.filter((l) => l.kind === kind);
    await section(w, title);
    for (const l of lines) {
      w.ensure(14);
      await w.text(l.code, MARGIN, { size: 8, color: w.rgb('#6b7280') });
      await w.text(clip(l.name, 60), MARGIN + 80, { size: 9.5 });
      await w.text(money(l.amount_minor), right, { size: 9.5, align: 'right' });
      w.y -= 13;
    }
    w.line(360, right);
    w.y -= 13;
    await w.text(totalLabel, 360, { size: 10, weight: 'bold' });
    await w.text(money(total), right, { size: 10, weight: 'bold', align: 'right' });
    w.y -= 13;
  }
  w.y -= 10;
  w.ensure(24);
  await w.text(L.net, 360, { size: 12, weight: 'bold', color: w.rgb('#4788B6') });
  await w.text(money(s.net_minor), right, { size: 12, weight: 'bold', align: 'right', color: w.rgb('#4788B6') });
  w.y -= 30;
  await w.paragraph(L.tax_note, MARGIN, right - MARGIN, { size: 8, color: w.rgb('#6b7280') });
  return w.bytes();
}
