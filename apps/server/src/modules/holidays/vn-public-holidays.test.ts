import { describe, expect, it } from 'vitest';
import { generateVietnamesePublicHolidays, nationalDayNeighbour, solarOfLunar, tetOf } from './vn-public-holidays.ts';

const list = (year: number) => generateVietnamesePublicHolidays(year).map((h) => `${h.date} ${h.kind}`);

describe('Vietnamese public holidays (Labour Code 2019 Art. 112)', () => {
  it('finds Tết and the Hùng Kings day on the published dates', () => {
    expect([tetOf(2025), tetOf(2026), tetOf(2027), tetOf(2028)]).toEqual(['2025-01-29', '2026-02-17', '2027-02-06', '2028-01-26']);
    expect([solarOfLunar(2025, 3, 10), solarOfLunar(2026, 3, 10), solarOfLunar(2027, 3, 10), solarOfLunar(2028, 3, 10)]).toEqual([
      '2025-04-07',
      '2026-04-26',
      '2027-04-16',
      '2028-04-04',
    ]);
  });

  it('2026: Tết from the last day of the lunar year, Giỗ Tổ on a Sunday taken on Monday', () => {
    expect(list(2026)).toEqual([
      '2026-01-01 PUBLIC',
      '2026-02-16 PUBLIC',
      '2026-02-17 PUBLIC',
      '2026-02-18 PUBLIC',
      '2026-02-19 PUBLIC',
      '2026-02-20 PUBLIC',
      '2026-04-26 PUBLIC',
      '2026-04-27 COMPENSATORY',
      '2026-04-30 PUBLIC',
      '2026-05-01 PUBLIC',
      '2026-09-02 PUBLIC',
      '2026-09-03 PUBLIC',
    ]);
  });

  it('2027: Tết over a weekend gives two compensatory days, 1 May on a Saturday gives Monday', () => {
    expect(list(2027)).toEqual([
      '2027-01-01 PUBLIC',
      '2027-02-05 PUBLIC',
      '2027-02-06 PUBLIC',
      '2027-02-07 PUBLIC',
      '2027-02-08 PUBLIC',
      '2027-02-09 PUBLIC',
      '2027-02-10 COMPENSATORY',
      '2027-02-11 COMPENSATORY',
      '2027-04-16 PUBLIC',
      '2027-04-30 PUBLIC',
      '2027-05-01 PUBLIC',
      '2027-05-03 COMPENSATORY',
      '2027-09-02 PUBLIC',
      '2027-09-03 PUBLIC',
    ]);
  });

  it('2028: a compensatory day skips the next holiday (30/4 on a Sunday is taken on 2/5)', () => {
    expect(list(2028)).toEqual([
      '2028-01-01 PUBLIC',
      '2028-01-03 COMPENSATORY',
      '2028-01-25 PUBLIC',
      '2028-01-26 PUBLIC',
      '2028-01-27 PUBLIC',
      '2028-01-28 PUBLIC',
      '2028-01-29 PUBLIC',
      '2028-01-31 COMPENSATORY',
      '2028-04-04 PUBLIC',
      '2028-04-30 PUBLIC',
      '2028-05-01 PUBLIC',
      '2028-05-02 COMPENSATORY',
      '2028-09-01 PUBLIC',
      '2028-09-02 PUBLIC',
      '2028-09-04 COMPENSATORY',
    ]);
  });

  it('names each day in English and Vietnamese and notes the holiday a compensatory day stands for', () => {
    const y = generateVietnamesePublicHolidays(2027);
    expect(y.find((h) => h.date === '2027-02-05')).toMatchObject({ name_en: 'Lunar New Year', name_vi: 'Tết Nguyên đán' });
    expect(y.find((h) => h.date === '2027-05-03')).toMatchObject({ name_vi: 'Nghỉ bù Ngày Quốc tế Lao động', note: '01/05/2027' });
  });

  it('takes the day beside 2 September that joins the weekend, as the government did in 2021–2025', () => {
    expect([2021, 2022, 2023, 2024, 2025].map(nationalDayNeighbour)).toEqual(['2021-09-03', '2022-09-01', '2023-09-01', '2024-09-03', '2025-09-01']);
  });
});
