import type { DocumentType } from '#shared/operations/model.ts';
import type { QuoteMode } from '#shared/quotes/model.ts';

import type { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';

export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export type DocumentLabels = {
  titles: Record<Exclude<DocumentType, 'quotation'>, string>;
  without_origin: string;
  number: string; version: string; issued: string; shipment: string; booking: string; house_ref: string; master_ref: string; carrier_ref: string;
  shipper: string; consignee: string; notify: string; booking_party: string;
  mode: string; incoterm: string; carrier: string; vessel_voyage: string; flight: string;
  origin: string; destination: string; pol: string; pod: string; place_of_receipt: string; place_of_delivery: string;
  etd: string; eta: string; atd: string; ata: string;
  transport_plan: string; cut_offs: string; equipment: string;
  containers: string; container: string; type: string; seal: string;
  cargo: string; packages: string; gross_weight: string; volume: string; chargeable_weight: string; goods: string;
  charges: string; charge: string; amount: string; payment: string; prepaid: string; collect: string; total: string;
  free_time: string; free_time_text: string; demurrage_from: string;
  collect_from: string; deliver_to: string; collection_note: string;
  originals: string; terms: string; page: string;
  modes: Record<QuoteMode, string>;
  cut_off_kinds: Record<'documentation' | 'vgm' | 'fcl_delivery' | 'port' | 'customs', string>;
};

/** The printed words of FYN's documents in each language of the product. */
export const DOCUMENT_LABELS: Record<DocumentLanguage, DocumentLabels> = {
  en: {
    titles: { booking_confirmation: 'Booking confirmation', arrival_notice: 'Arrival notice', collection_origin: 'Collection note (origin)', collection_destination: 'Delivery note (destination)', hbl: 'House bill of lading', hawb: 'House air waybill' },
    without_origin: 'without origin details',
    number: 'Document no.', version: 'Version', issued: 'Issued', shipment: 'Shipment', booking: 'Booking', house_ref: 'House reference', master_ref: 'Master reference', carrier_ref: 'Carrier booking reference',
    shipper: 'Shipper', consignee: 'Consignee', notify: 'Notify party', booking_party: 'Booking party',
    mode: 'Mode', incoterm: 'Incoterm', carrier: 'Carrier', vessel_voyage: 'Vessel / voyage', flight: 'Flight',
    origin: 'Origin', destination: 'Destination', pol: 'Port of loading', pod: 'Port of discharge', place_of_receipt: 'Place of receipt', place_of_delivery: 'Place of delivery',
    etd: 'ETD', eta: 'ETA', atd: 'Departed', ata: 'Arrived',
    transport_plan: 'Transport plan', cut_offs: 'Cut-offs', equipment: 'Equipment',
    containers: 'Containers', container: 'Container', type: 'Type', seal: 'Seal',
    cargo: 'Cargo', packages: 'Packages', gross_weight: 'Gross weight', volume: 'Volume', chargeable_weight: 'Chargeable weight', goods: 'Description of goods',
    charges: 'Charges', charge: 'Charge', amount: 'Amount', payment: 'Payment', prepaid: 'Prepaid', collect: 'Collect', total: 'Total',
    free_time: 'Free time', free_time_text: '{{days}} days from discharge; demurrage and detention are charged after that.', demurrage_from: 'Demurrage from',
    collect_from: 'Collect from', deliver_to: 'Deliver to', collection_note: 'Please collect the goods below and hand them over with this note.',
    originals: 'Number of originals: 3', terms: 'Terms', page: 'Page',
    modes: { sea_fcl: 'Sea FCL', sea_lcl: 'Sea LCL', air: 'Air', road_ftl: 'Road FTL', road_ltl: 'Road LTL', rail: 'Rail' },
    cut_off_kinds: { documentation: 'Documentation', vgm: 'VGM', fcl_delivery: 'FCL delivery', port: 'Port', customs: 'Customs' },
  },
  de: {
    titles: { booking_confirmation: 'Buchungsbestätigung', arrival_notice: 'Ankunftsmeldung', collection_origin: 'Abholauftrag (Versand)', collection_destination: 'Zustellauftrag (Empfang)', hbl: 'House Bill of Lading', hawb: 'House Air Waybill' },
    without_origin: 'ohne Versandangaben',
    number: 'Dokument-Nr.', version: 'Version', issued: 'Ausgestellt', shipment: 'Sendung', booking: 'Buchung', house_ref: 'House-Referenz', master_ref: 'Master-Referenz', carrier_ref: 'Buchungsnummer der Reederei',
    shipper: 'Versender', consignee: 'Empfänger', notify: 'Meldeadresse', booking_party: 'Auftraggeber',
    mode: 'Verkehrsträger', incoterm: 'Incoterm', carrier: 'Frachtführer', vessel_voyage: 'Schiff / Reise', flight: 'Flug',
    origin: 'Abgangsort', destination: 'Bestimmungsort', pol: 'Ladehafen', pod: 'Löschhafen', place_of_receipt: 'Übernahmeort', place_of_delivery: 'Ablieferungsort',
    etd: 'ETD', eta: 'ETA', atd: 'Abgefahren', ata: 'Angekommen',
    transport_plan: 'Transportplan', cut_offs: 'Annahmeschlüsse', equipment: 'Equipment',
    containers: 'Container', container: 'Container', type: 'Typ', seal: 'Plombe',
    cargo: 'Ladung', packages: 'Packstücke', gross_weight: 'Bruttogewicht', volume: 'Volumen', chargeable_weight: 'Frachtpflichtiges Gewicht', goods: 'Warenbeschreibung',
    charges: 'Kosten', charge: 'Position', amount: 'Betrag', payment: 'Zahlung', prepaid: 'Prepaid', collect: 'Collect', total: 'Gesamt',
    free_time: 'Freizeit', free_time_text: '{{days}} Tage ab Entladung; danach fallen Demurrage und Detention an.', demurrage_from: 'Demurrage ab',
    collect_from: 'Abholen bei', deliver_to: 'Zustellen an', collection_note: 'Bitte holen Sie die folgende Ware ab und übergeben Sie sie mit diesem Auftrag.',
    originals: 'Anzahl der Originale: 3', terms: 'Bedingungen', page: 'Seite',
    modes: { sea_fcl: 'Seefracht FCL', sea_lcl: 'Seefracht LCL', air: 'Luftfracht', road_ftl: 'Straße FTL', road_ltl: 'Straße LTL', rail: 'Schiene' },
    cut_off_kinds: { documentation: 'Dokumente', vgm: 'VGM', fcl_delivery: 'FCL-Anlieferung', port: 'Hafen', customs: 'Zoll' },
  },
  es: {
    titles: { booking_confirmation: 'Confirmación de reserva', arrival_notice: 'Aviso de llegada', collection_origin: 'Orden de recogida (origen)', collection_destination: 'Orden de entrega (destino)', hbl: 'Conocimiento de embarque house', hawb: 'Guía aérea house' },
    without_origin: 'sin datos de origen',
    number: 'N.º de documento', version: 'Versión', issued: 'Emitido', shipment: 'Envío', booking: 'Reserva', house_ref: 'Referencia house', master_ref: 'Referencia master', carrier_ref: 'Referencia de reserva del transportista',
    shipper: 'Cargador', consignee: 'Consignatario', notify: 'Notificar a', booking_party: 'Solicitante de la reserva',
    mode: 'Modo', incoterm: 'Incoterm', carrier: 'Transportista', vessel_voyage: 'Buque / viaje', flight: 'Vuelo',
    origin: 'Origen', destination: 'Destino', pol: 'Puerto de carga', pod: 'Puerto de descarga', place_of_receipt: 'Lugar de recepción', place_of_delivery: 'Lugar de entrega',
    etd: 'ETD', eta: 'ETA', atd: 'Salió', ata: 'Llegó',
    transport_plan: 'Plan de transporte', cut_offs: 'Cierres', equipment: 'Equipo',
    containers: 'Contenedores', container: 'Contenedor', type: 'Tipo', seal: 'Precinto',
    cargo: 'Carga', packages: 'Bultos', gross_weight: 'Peso bruto', volume: 'Volumen', chargeable_weight: 'Peso tasable', goods: 'Descripción de la mercancía',
    charges: 'Cargos', charge: 'Concepto', amount: 'Importe', payment: 'Pago', prepaid: 'Prepagado', collect: 'A cobrar', total: 'Total',
    free_time: 'Tiempo libre', free_time_text: '{{days}} días desde la descarga; después se cobran demoras y detención.', demurrage_from: 'Demoras desde',
    collect_from: 'Recoger en', deliver_to: 'Entregar a', collection_note: 'Recojan la mercancía indicada y entréguenla con esta orden.',
    originals: 'Número de originales: 3', terms: 'Condiciones', page: 'Página',
    modes: { sea_fcl: 'Marítimo FCL', sea_lcl: 'Marítimo LCL', air: 'Aéreo', road_ftl: 'Terrestre FTL', road_ltl: 'Terrestre LTL', rail: 'Ferrocarril' },
    cut_off_kinds: { documentation: 'Documentación', vgm: 'VGM', fcl_delivery: 'Entrega FCL', port: 'Puerto', customs: 'Aduana' },
  },
  fr: {
    titles: { booking_confirmation: 'Confirmation de réservation', arrival_notice: 'Avis d’arrivée', collection_origin: 'Bon d’enlèvement (départ)', collection_destination: 'Bon de livraison (arrivée)', hbl: 'Connaissement house', hawb: 'Lettre de transport aérien house' },
    without_origin: 'sans les données d’origine',
    number: 'N° de document', version: 'Version', issued: 'Émis le', shipment: 'Expédition', booking: 'Réservation', house_ref: 'Référence house', master_ref: 'Référence master', carrier_ref: 'Référence de réservation du transporteur',
    shipper: 'Chargeur', consignee: 'Destinataire', notify: 'Partie à notifier', booking_party: 'Donneur d’ordre',
    mode: 'Mode', incoterm: 'Incoterm', carrier: 'Transporteur', vessel_voyage: 'Navire / voyage', flight: 'Vol',
    origin: 'Origine', destination: 'Destination', pol: 'Port de chargement', pod: 'Port de déchargement', place_of_receipt: 'Lieu de prise en charge', place_of_delivery: 'Lieu de livraison',
    etd: 'ETD', eta: 'ETA', atd: 'Parti le', ata: 'Arrivé le',
    transport_plan: 'Plan de transport', cut_offs: 'Clôtures', equipment: 'Équipement',
    containers: 'Conteneurs', container: 'Conteneur', type: 'Type', seal: 'Scellé',
    cargo: 'Marchandise', packages: 'Colis', gross_weight: 'Poids brut', volume: 'Volume', chargeable_weight: 'Poids taxable', goods: 'Désignation des marchandises',
    charges: 'Frais', charge: 'Prestation', amount: 'Montant', payment: 'Paiement', prepaid: 'Port payé', collect: 'Port dû', total: 'Total',
    free_time: 'Franchise', free_time_text: '{{days}} jours à compter du déchargement ; surestaries et détention sont facturées ensuite.', demurrage_from: 'Surestaries à partir du',
    collect_from: 'Enlever chez', deliver_to: 'Livrer à', collection_note: 'Merci d’enlever la marchandise ci-dessous et de la remettre avec ce bon.',
    originals: 'Nombre d’originaux : 3', terms: 'Conditions', page: 'Page',
    modes: { sea_fcl: 'Maritime FCL', sea_lcl: 'Maritime LCL', air: 'Aérien', road_ftl: 'Routier FTL', road_ltl: 'Routier LTL', rail: 'Ferroviaire' },
    cut_off_kinds: { documentation: 'Documents', vgm: 'VGM', fcl_delivery: 'Livraison FCL', port: 'Port', customs: 'Douane' },
  },
  ja: {
    titles: { booking_confirmation: 'ブッキング確認書', arrival_notice: '貨物到着案内', collection_origin: '集荷依頼書（出荷地）', collection_destination: '配達依頼書（仕向地）', hbl: 'ハウスB/L（船荷証券）', hawb: 'ハウスエアウェイビル' },
    without_origin: '出荷地情報なし',
    number: '書類番号', version: '版', issued: '発行日', shipment: '貨物', booking: 'ブッキング', house_ref: 'ハウス番号', master_ref: 'マスター番号', carrier_ref: '船社ブッキング番号',
    shipper: '荷送人', consignee: '荷受人', notify: '着荷通知先', booking_party: '依頼者',
    mode: '輸送モード', incoterm: 'インコタームズ', carrier: '運送人', vessel_voyage: '本船 / 航海番号', flight: '便名',
    origin: '出荷地', destination: '仕向地', pol: '船積港', pod: '荷揚港', place_of_receipt: '受取地', place_of_delivery: '引渡地',
    etd: '出発予定', eta: '到着予定', atd: '出発', ata: '到着',
    transport_plan: '輸送計画', cut_offs: 'カットオフ', equipment: 'コンテナ',
    containers: 'コンテナ', container: 'コンテナ', type: 'タイプ', seal: 'シール',
    cargo: '貨物', packages: '個数', gross_weight: '総重量', volume: '容積', chargeable_weight: '賃率適用重量', goods: '品名',
    charges: '費用', charge: '費目', amount: '金額', payment: '支払', prepaid: '元払', collect: '着払', total: '合計',
    free_time: 'フリータイム', free_time_text: '荷揚げから{{days}}日間。以降はデマレージとディテンションが発生します。', demurrage_from: 'デマレージ開始',
    collect_from: '集荷先', deliver_to: '配達先', collection_note: '下記貨物を集荷し、本書とともにお引き渡しください。',
    originals: '原本通数：3', terms: '条件', page: 'ページ',
    modes: { sea_fcl: '海上FCL', sea_lcl: '海上LCL', air: '航空', road_ftl: '陸上FTL', road_ltl: '陸上LTL', rail: '鉄道' },
    cut_off_kinds: { documentation: '書類', vgm: 'VGM', fcl_delivery: 'FCL搬入', port: '港', customs: '通関' },
  },
  ro: {
    titles: { booking_confirmation: 'Confirmare de rezervare', arrival_notice: 'Aviz de sosire', collection_origin: 'Ordin de ridicare (origine)', collection_destination: 'Ordin de livrare (destinație)', hbl: 'Conosament house', hawb: 'Scrisoare de transport aerian house' },
    without_origin: 'fără datele de origine',
    number: 'Nr. document', version: 'Versiunea', issued: 'Emis la', shipment: 'Expediere', booking: 'Rezervare', house_ref: 'Referință house', master_ref: 'Referință master', carrier_ref: 'Referința rezervării la transportator',
    shipper: 'Expeditor', consignee: 'Destinatar', notify: 'Parte de notificat', booking_party: 'Solicitantul rezervării',
    mode: 'Mod de transport', incoterm: 'Incoterm', carrier: 'Transportator', vessel_voyage: 'Navă / voiaj', flight: 'Zbor',
    origin: 'Origine', destination: 'Destinație', pol: 'Port de încărcare', pod: 'Port de descărcare', place_of_receipt: 'Locul preluării', place_of_delivery: 'Locul livrării',
    etd: 'ETD', eta: 'ETA', atd: 'Plecat', ata: 'Sosit',
    transport_plan: 'Plan de transport', cut_offs: 'Termene limită', equipment: 'Echipament',
    containers: 'Containere', container: 'Container', type: 'Tip', seal: 'Sigiliu',
    cargo: 'Marfă', packages: 'Colete', gross_weight: 'Greutate brută', volume: 'Volum', chargeable_weight: 'Greutate taxabilă', goods: 'Descrierea mărfii',
    charges: 'Costuri', charge: 'Serviciu', amount: 'Valoare', payment: 'Plată', prepaid: 'Plătit la expediere', collect: 'Plătibil la destinație', total: 'Total',
    free_time: 'Timp liber', free_time_text: '{{days}} zile de la descărcare; apoi se facturează staționarea și detenția.', demurrage_from: 'Staționare de la',
    collect_from: 'Ridicare de la', deliver_to: 'Livrare la', collection_note: 'Vă rugăm să ridicați marfa de mai jos și s-o predați împreună cu acest ordin.',
    originals: 'Număr de originale: 3', terms: 'Condiții', page: 'Pagina',
    modes: { sea_fcl: 'Maritim FCL', sea_lcl: 'Maritim LCL', air: 'Aerian', road_ftl: 'Rutier FTL', road_ltl: 'Rutier LTL', rail: 'Feroviar' },
    cut_off_kinds: { documentation: 'Documente', vgm: 'VGM', fcl_delivery: 'Livrare FCL', port: 'Port', customs: 'Vamă' },
  },
  ru: {
    titles: { booking_confirmation: 'Подтверждение бронирования', arrival_notice: 'Уведомление о прибытии', collection_origin: 'Заявка на забор груза (отправление)', collection_destination: 'Заявка на доставку (назначение)', hbl: 'Домовой коносамент', hawb: 'Домовая авианакладная' },
    without_origin: 'без данных об отправлении',
    number: '№ документа', version: 'Версия', issued: 'Выдан', shipment: 'Отправка', booking: 'Бронирование', house_ref: 'Домовой номер', master_ref: 'Мастер-номер', carrier_ref: 'Номер брони перевозчика',
    shipper: 'Грузоотправитель', consignee: 'Грузополучатель', notify: 'Уведомить', booking_party: 'Заказчик',
    mode: 'Вид транспорта', incoterm: 'Инкотермс', carrier: 'Перевозчик', vessel_voyage: 'Судно / рейс', flight: 'Рейс',
    origin: 'Отправление', destination: 'Назначение', pol: 'Порт погрузки', pod: 'Порт выгрузки', place_of_receipt: 'Место приёма', place_of_delivery: 'Место доставки',
    etd: 'Отправление (план)', eta: 'Прибытие (план)', atd: 'Отправлен', ata: 'Прибыл',
    transport_plan: 'План перевозки', cut_offs: 'Отсечки', equipment: 'Оборудование',
    containers: 'Контейнеры', container: 'Контейнер', type: 'Тип', seal: 'Пломба',
    cargo: 'Груз', packages: 'Места', gross_weight: 'Вес брутто', volume: 'Объём', chargeable_weight: 'Платный вес', goods: 'Описание груза',
    charges: 'Расходы', charge: 'Услуга', amount: 'Сумма', payment: 'Оплата', prepaid: 'Предоплата', collect: 'Оплата в пункте назначения', total: 'Итого',
    free_time: 'Свободное время', free_time_text: '{{days}} дн. с момента выгрузки; далее начисляются демередж и детеншн.', demurrage_from: 'Демередж с',
    collect_from: 'Забрать у', deliver_to: 'Доставить', collection_note: 'Просим забрать указанный ниже груз и передать его вместе с этой заявкой.',
    originals: 'Количество оригиналов: 3', terms: 'Условия', page: 'Страница',
    modes: { sea_fcl: 'Море FCL', sea_lcl: 'Море LCL', air: 'Авиа', road_ftl: 'Авто FTL', road_ltl: 'Авто LTL', rail: 'Ж/д' },
    cut_off_kinds: { documentation: 'Документы', vgm: 'VGM', fcl_delivery: 'Сдача FCL', port: 'Порт', customs: 'Таможня' },
  },
  zh: {
    titles: { booking_confirmation: '订舱确认书', arrival_notice: '到货通知', collection_origin: '提货单（起运地）', collection_destination: '送货单（目的地）', hbl: '分提单', hawb: '航空分运单' },
    without_origin: '不含起运地信息',
    number: '单据号', version: '版本', issued: '签发日期', shipment: '货运', booking: '订舱', house_ref: '分单号', master_ref: '主单号', carrier_ref: '承运人订舱号',
    shipper: '发货人', consignee: '收货人', notify: '通知方', booking_party: '订舱人',
    mode: '运输方式', incoterm: '贸易术语', carrier: '承运人', vessel_voyage: '船名 / 航次', flight: '航班',
    origin: '起运地', destination: '目的地', pol: '装货港', pod: '卸货港', place_of_receipt: '收货地', place_of_delivery: '交货地',
    etd: '预计开航', eta: '预计到达', atd: '已开航', ata: '已到达',
    transport_plan: '运输计划', cut_offs: '截止时间', equipment: '箱型',
    containers: '集装箱', container: '集装箱', type: '箱型', seal: '封条',
    cargo: '货物', packages: '件数', gross_weight: '毛重', volume: '体积', chargeable_weight: '计费重量', goods: '货物描述',
    charges: '费用', charge: '费用项目', amount: '金额', payment: '付款方式', prepaid: '预付', collect: '到付', total: '合计',
    free_time: '免费期', free_time_text: '自卸货起{{days}}天；此后收取滞期费和滞箱费。', demurrage_from: '滞期费起算',
    collect_from: '提货地址', deliver_to: '送货地址', collection_note: '请提取以下货物，并随本单一并交付。',
    originals: '正本份数：3', terms: '条款', page: '页',
    modes: { sea_fcl: '海运整箱', sea_lcl: '海运拼箱', air: '空运', road_ftl: '公路整车', road_ltl: '公路零担', rail: '铁路' },
    cut_off_kinds: { documentation: '截单', vgm: 'VGM', fcl_delivery: '整箱进港', port: '截港', customs: '截关' },
  },
};
