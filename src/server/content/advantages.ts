/** GET web/advantages/: why buy here. Cached for an hour (spec §9). */
export type Advantage = { code: string; title: string; text: string };

export const ADVANTAGES: Advantage[] = [
  { code: 'official', title: 'Официальный дилер', text: 'Прямые поставки от производителей: оригинальный инструмент с гарантией до 3 лет.' },
  { code: 'branches', title: '7 филиалов по Беларуси', text: 'Самовывоз в Минске, Гомеле, Бресте, Гродно, Витебске, Могилёве и Бобруйске.' },
  { code: 'delivery', title: 'Доставка за 1–2 дня', text: 'Собственная служба доставки по всей стране, для юрлиц — до объекта.' },
  { code: 'wholesale', title: 'Цены для контрагентов', text: 'Персональные скидки по брендам и разделам, отсрочка платежа по договору.' },
  { code: 'service', title: 'Сервисный центр', text: 'Гарантийный и платный ремонт, запчасти и расходные материалы в наличии.' },
  { code: 'api', title: 'Выгрузки и API', text: 'Актуальные цены и остатки для вашего сайта или учётной системы.' },
];
