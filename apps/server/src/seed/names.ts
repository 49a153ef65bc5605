import type { Random } from './random.ts';

/** Family names weighted roughly by their share in Vietnam (Nguyễn about a third). */
const FAMILY: readonly (readonly [string, number])[] = [
  ['Nguyễn', 31], ['Trần', 11], ['Lê', 9], ['Phạm', 7], ['Hoàng', 5], ['Huỳnh', 4], ['Phan', 4], ['Vũ', 4], ['Võ', 4],
  ['Đặng', 3], ['Bùi', 3], ['Đỗ', 3], ['Hồ', 2], ['Ngô', 2], ['Dương', 2], ['Đinh', 2], ['Trương', 2], ['Lý', 1],
  ['Lâm', 1], ['Mai', 1],
];
const MIDDLE_M = ['Văn', 'Minh', 'Đức', 'Quốc', 'Thanh', 'Hoàng', 'Hữu', 'Công', 'Tuấn', 'Gia', 'Xuân', 'Trọng', 'Anh', 'Nhật'];
const MIDDLE_F = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Minh', 'Phương', 'Bảo', 'Kim', 'Thùy', 'Mỹ', 'Hồng', 'Diệu', 'Khánh'];
const GIVEN_M = [
  'An', 'Bình', 'Cường', 'Dũng', 'Duy', 'Đạt', 'Hải', 'Hiếu', 'Hoàng', 'Hùng', 'Huy', 'Khang', 'Khánh', 'Khoa', 'Kiên',
  'Long', 'Lộc', 'Minh', 'Nam', 'Nghĩa', 'Nhân', 'Phát', 'Phong', 'Phúc', 'Quân', 'Quang', 'Sơn', 'Tài', 'Thắng',
  'Thành', 'Thiện', 'Thịnh', 'Tiến', 'Toàn', 'Trung', 'Tú', 'Tuấn', 'Việt', 'Vinh', 'Vũ',
];
const GIVEN_F = [
  'Anh', 'Chi', 'Dung', 'Giang', 'Hà', 'Hạnh', 'Hằng', 'Hiền', 'Hoa', 'Hương', 'Huyền', 'Lan', 'Linh', 'Loan', 'Mai',
  'My', 'Nga', 'Ngân', 'Ngọc', 'Nhung', 'Oanh', 'Phương', 'Quỳnh', 'Tâm', 'Thảo', 'Trang', 'Trâm', 'Uyên', 'Vân', 'Vy',
  'Yến', 'Thủy',
];
/** A few colleagues from the group's Japanese and Indian offices (nationality enumeration of spec 002 §3). */
export const FOREIGN_NAMES: readonly { name: string; given: string; family: string; gender: 'M' | 'F'; nationality: 'JPN' | 'IND' }[] = [
  { name: 'Hiroshi Tanaka', given: 'Hiroshi', family: 'Tanaka', gender: 'M', nationality: 'JPN' },
  { name: 'Yuki Suzuki', given: 'Yuki', family: 'Suzuki', gender: 'F', nationality: 'JPN' },
  { name: 'Kenji Sato', given: 'Kenji', family: 'Sato', gender: 'M', nationality: 'JPN' },
  { name: 'Rahul Sharma', given: 'Rahul', family: 'Sharma', gender: 'M', nationality: 'IND' },
  { name: 'Priya Nair', given: 'Priya', family: 'Nair', gender: 'F', nationality: 'IND' },
];

export function stripDiacritics(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replaceAll('đ', 'd').replaceAll('Đ', 'D');
}

export type PersonName = { name: string; gender: 'M' | 'F'; /** Username stem, e.g. Nguyễn Văn An → annv. */ stem: string };

/** A Vietnamese full name (family, middle, given) and the usual company username stem: given name + initials. */
export function vietnameseName(rng: Random, gender: 'M' | 'F'): PersonName {
  const family = rng.weighted(FAMILY);
  const middle = rng.pick(gender === 'M' ? MIDDLE_M : MIDDLE_F);
  const given = rng.pick(gender === 'M' ? GIVEN_M : GIVEN_F);
  const stem = stripDiacritics(`${given}${family[0]}${middle[0]}`).toLowerCase();
  return { name: `${family} ${middle} ${given}`, gender, stem };
}

/** Usernames are unique case-insensitively (users_username_uq): a clash gets the next free number, as HR systems do. */
export function uniqueUsername(stem: string, taken: Set<string>): string {
  let candidate = stem;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem}${n}`;
  taken.add(candidate);
  return candidate;
}
