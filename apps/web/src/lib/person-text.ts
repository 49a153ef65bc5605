/**
 * A person as the lists show people, name then username: 'Nguyễn Thị Hoa (hr)'. The username alone when no name is
 * known (an account without an employee record, whose name is its username); the name alone when there is no username.
 */
export function personText(name: string | null | undefined, username: string | null | undefined): string {
  if (!username) return name ?? '';
  return name && name !== username ? `${name} (${username})` : username;
}
