import { eq } from 'drizzle-orm';
import type { Role } from '@tms/contracts/roles';
import type { DbOrTx } from '../db/client.ts';
import { companies, departments, employees, projectMembers, projects } from '../db/schema/organisation.ts';
import { userRoles, users } from '../db/schema/identity.ts';
import { createRandom, deriveSeed, DEMO_SEED, type Random } from './random.ts';
import { epochDay, isoWeekday, plusDays, plusMonths, plusYears } from './calendar.ts';
import { FOREIGN_NAMES, stripDiacritics, uniqueUsername, vietnameseName } from './names.ts';
import { VN_CALENDAR, vnHolidaySet } from './holidays.ts';
import { periodMonthOf, periodOfMonth } from '../modules/payroll-periods/period-calendar.ts';

export const DEMO_COMPANY = { code: 'CGLOBAL', name: 'CGlobal Technology Solutions' } as const;
export const DEMO_EMAIL_DOMAIN = 'cglobal.example.com';

/** The advertised demo accounts of RULES.md §2, in the order the start-up banner lists them. */
export const DEMO_ACCOUNTS = ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest'] as const;

type ScheduleType = 'HCM' | 'FLEXIBLE';

export type DivisionPlan = { code: string; name: string; nameEn: string; leadUserName: string };
export type DepartmentPlan = { code: string; name: string; nameEn: string; divisionCode: string; size: number; titles: readonly string[]; leadUserName: string };
export type EmployeePlan = {
  index: number;
  name: string;
  gender: 'M' | 'F';
  dateOfBirth: string;
  userName: string;
  email: string;
  personalEmail: string | null;
  location: string;
  departmentCode: string;
  divisionCode: string;
  jobLevel: string;
  positionTitle: string;
  nationality: string;
  workScheduleType: ScheduleType;
  sf4cId: string;
  contractType: string;
  numberOfYear: string | null;
  contractStartDate: string;
  contractEndDate: string | null;
  startWorkingDay: string;
  seniorityDate: string;
  roles: Role[];
  subDepartment: string | null;
  subDepartment2: string | null;
  employeeStatus: 'Active' | 'Terminated';
  lastWorkingDay: string | null;
};
export type ProjectPlan = { code: string; name: string; pmUserName: string; memberUserNames: string[]; startDate: string; endDate: string };
export type OrgPlan = { divisions: DivisionPlan[]; departments: DepartmentPlan[]; employees: EmployeePlan[]; projects: ProjectPlan[] };

const DIVISIONS = [
  { code: 'DIV-DX', name: 'Khối Chuyển đổi số', nameEn: 'Digital Transformation Division' },
  { code: 'DIV-ES', name: 'Khối Giải pháp Doanh nghiệp', nameEn: 'Enterprise Solutions Division' },
  { code: 'DIV-CS', name: 'Khối Hỗ trợ', nameEn: 'Corporate Services Division' },
] as const;

/** 150 people in 8 departments; sizes sum to the head count. */
const DEPARTMENTS = [
  { code: 'DX-WEB', name: 'Phòng Phát triển Web', nameEn: 'Web Development', divisionCode: 'DIV-DX', size: 24,
    titles: ['Software Engineer', 'Senior Software Engineer', 'Frontend Developer', 'Backend Developer', 'Technical Leader', 'Business Analyst'] },
  { code: 'DX-MOB', name: 'Phòng Phát triển Di động', nameEn: 'Mobile Development', divisionCode: 'DIV-DX', size: 20,
    titles: ['Mobile Developer', 'Senior Mobile Developer', 'iOS Developer', 'Android Developer', 'UI/UX Designer'] },
  { code: 'DX-QA', name: 'Phòng Kiểm thử', nameEn: 'Quality Assurance', divisionCode: 'DIV-DX', size: 18,
    titles: ['QA Engineer', 'Senior QA Engineer', 'Automation Tester', 'QC Engineer'] },
  { code: 'ES-ERP', name: 'Phòng Giải pháp ERP', nameEn: 'ERP Solutions', divisionCode: 'DIV-ES', size: 22,
    titles: ['ERP Consultant', 'Senior ERP Consultant', 'Business Analyst', 'Software Engineer'] },
  { code: 'ES-DATA', name: 'Phòng Dữ liệu và AI', nameEn: 'Data & AI', divisionCode: 'DIV-ES', size: 18,
    titles: ['Data Engineer', 'Data Scientist', 'BI Developer', 'Data Analyst'] },
  { code: 'ES-CLOUD', name: 'Phòng Hạ tầng Cloud', nameEn: 'Cloud Infrastructure', divisionCode: 'DIV-ES', size: 16,
    titles: ['DevOps Engineer', 'Cloud Engineer', 'System Engineer', 'Site Reliability Engineer'] },
  { code: 'CS-HR', name: 'Phòng Nhân sự', nameEn: 'Human Resources', divisionCode: 'DIV-CS', size: 12,
    titles: ['HR Executive', 'C&B Specialist', 'Recruiter', 'Training Specialist'] },
  { code: 'CS-FA', name: 'Phòng Tài chính - Hành chính', nameEn: 'Finance & Administration', divisionCode: 'DIV-CS', size: 20,
    titles: ['Accountant', 'Chief Accountant', 'Administrative Officer', 'Receptionist', 'IT Helpdesk'] },
] as const;

/** RULES.md §2: gl leads the department of staff, dl its division, pm manages a project staff works on. */
const DEMO_PEOPLE: readonly {
  userName: (typeof DEMO_ACCOUNTS)[number];
  name: string;
  gender: 'M' | 'F';
  departmentCode: string;
  roles: Role[];
  jobLevel: string;
  positionTitle: string;
  contractType: string;
  daysAgo: number;
}[] = [
  { userName: 'admin', name: 'Trần Quốc Anh', gender: 'M', departmentCode: 'CS-FA', roles: ['ADMIN'], jobLevel: 'Professional', positionTitle: 'System Administrator', contractType: 'UNLIMTED', daysAgo: 3190 },
  { userName: 'hr', name: 'Nguyễn Thị Hoa', gender: 'F', departmentCode: 'CS-HR', roles: ['HR'], jobLevel: 'Professional', positionTitle: 'HR Executive', contractType: 'UNLIMTED', daysAgo: 2620 },
  { userName: 'hrm', name: 'Lê Thu Hương', gender: 'F', departmentCode: 'CS-HR', roles: ['HRM'], jobLevel: 'Management', positionTitle: 'HR Manager', contractType: 'UNLIMTED', daysAgo: 4105 },
  { userName: 'dl', name: 'Phạm Văn Dũng', gender: 'M', departmentCode: 'DX-QA', roles: ['DULEAD', 'STAFF'], jobLevel: 'Executive', positionTitle: 'Division Director', contractType: 'UNLIMTED', daysAgo: 4720 },
  { userName: 'gl', name: 'Hoàng Minh Giang', gender: 'M', departmentCode: 'DX-WEB', roles: ['GROUP_LEAD', 'STAFF'], jobLevel: 'Management', positionTitle: 'Group Leader', contractType: 'UNLIMTED', daysAgo: 3010 },
  { userName: 'pm', name: 'Võ Thanh Phương', gender: 'F', departmentCode: 'ES-ERP', roles: ['STAFF'], jobLevel: 'Professional', positionTitle: 'Project Manager', contractType: 'UNLIMTED', daysAgo: 3605 },
  { userName: 'staff', name: 'Đặng Văn Sơn', gender: 'M', departmentCode: 'DX-WEB', roles: ['STAFF'], jobLevel: 'Professional', positionTitle: 'Software Engineer', contractType: 'UNLIMTED', daysAgo: 1490 },
  { userName: 'guest', name: 'Bùi Gia Hân', gender: 'F', departmentCode: 'CS-FA', roles: ['GUEST'], jobLevel: 'Para-Pro', positionTitle: 'External Auditor', contractType: 'COLLA', daysAgo: 205 },
];

const PROJECTS = [
  { code: 'PRJ-ATLAS', name: 'Atlas Internet Banking' },
  { code: 'PRJ-LOTUS', name: 'Lotus E-commerce Platform' },
  { code: 'PRJ-MEKONG', name: 'Mekong Logistics Tracking' },
  { code: 'PRJ-SAOMAI', name: 'Sao Mai Hospital Information System' },
  { code: 'PRJ-HALONG', name: 'Ha Long ERP Migration' },
  { code: 'PRJ-PHOENIX', name: 'Phoenix Mobile Wallet' },
  { code: 'PRJ-SAIGON', name: 'Saigon Smart Parking' },
  { code: 'PRJ-THANGLONG', name: 'Thang Long Data Platform' },
] as const;

const LOCATIONS: readonly (readonly [string, number])[] = [['CGLOBALHCM', 60], ['CGLOBALHN', 28], ['CGLOBALDN', 12]];
const CONTRACTS: readonly (readonly [string, number])[] = [['UNLIMTED', 74], ['1236', 18], ['P', 8]];
const FLEXIBLE_COUNT = 22; // ≈ 15 % of 150

/** The employment contract dates for a start date (spec 002 §3 contract types: 1236 fixed-term, P probationary). */
function contractDates(rng: Random, type: string, start: string, today: string) {
  if (type === 'P') return { numberOfYear: null, contractStartDate: start, contractEndDate: plusDays(plusMonths(start, 2), -1) };
  if (type === 'COLLA') return { numberOfYear: '1.00', contractStartDate: start, contractEndDate: plusDays(plusYears(start, 1), -1) };
  if (type === '1236') {
    const years = rng.pick([1, 2, 3]);
    // The current term of a renewed fixed-term contract.
    let k = Math.floor((epochDay(today) - epochDay(start)) / 365.25 / years) * years;
    while (k > 0 && plusYears(start, k) > today) k -= years;
    const from = plusYears(start, k);
    return { numberOfYear: `${years}.00`, contractStartDate: from, contractEndDate: plusDays(plusYears(from, years), -1) };
  }
  const official = plusMonths(start, 2);
  return { numberOfYear: null, contractStartDate: official <= today ? official : start, contractEndDate: null };
}

type EmployeeInput = {
  name: string; gender: 'M' | 'F'; userName: string; departmentCode: string; roles: Role[]; jobLevel: string;
  positionTitle: string; contractType: string; daysAgo: number; nationality: string; location: string;
};

/** What planning the people shares: the random stream, today, the people so far, the usernames taken. */
type OrgDraft = { rng: Random; today: string; people: EmployeePlan[]; taken: Set<string>; divisionOf: Map<string, string> };

/** One employee of the plan, its dates drawn from the stream (the draws' order is part of the seed). */
function planEmployee(draft: OrgDraft, p: EmployeeInput): EmployeePlan {
  const { rng, today, people } = draft;
  // People join on a weekday: a Saturday or Sunday start moves to the Monday after.
  const drawn = plusDays(today, -p.daysAgo);
  const weekday = isoWeekday(drawn);
  const start = weekday >= 6 ? plusDays(drawn, 8 - weekday) : drawn;
  const ageDays = p.daysAgo + (21 + rng.int(0, 12)) * 365 + rng.int(0, 364);
  const contract = contractDates(rng, p.contractType, start, today);
  const dateOfBirth = plusDays(today, -ageDays);
  return {
    index: people.length,
    name: p.name,
    gender: p.gender,
    dateOfBirth,
    userName: p.userName,
    email: `${p.userName}@${DEMO_EMAIL_DOMAIN}`,
    personalEmail: rng.chance(0.6) ? `${p.userName}${dateOfBirth.slice(2, 4)}@example.com` : null,
    location: p.location,
    departmentCode: p.departmentCode,
    divisionCode: draft.divisionOf.get(p.departmentCode)!,
    jobLevel: p.jobLevel,
    positionTitle: p.positionTitle,
    nationality: p.nationality,
    workScheduleType: 'HCM',
    sf4cId: `CG${String(10001 + people.length)}`,
    contractType: p.contractType,
    ...contract,
    startWorkingDay: start,
    seniorityDate: start,
    roles: p.roles,
    subDepartment: null,
    subDepartment2: null,
    employeeStatus: 'Active',
    lastWorkingDay: null,
  };
}

/**
 * Fills every department up to its size after the demo accounts: the first newcomer of a department without a lead
 * leads it, the next one of a division without a lead leads the division. Answers the leads by department and division.
 */
function planDepartmentStaff(draft: OrgDraft): { leads: Map<string, string>; divisionLeads: Map<string, string> } {
  const { rng, people } = draft;
  // Foreign colleagues sit in the technical departments; which slots they take is part of the seed.
  const foreignSlots = new Set<number>();
  while (foreignSlots.size < FOREIGN_NAMES.length) foreignSlots.add(rng.int(0, 100));
  let generated = 0;
  let foreignUsed = 0;
  const leads = new Map<string, string>([['DX-WEB', 'gl']]);
  const divisionLeads = new Map<string, string>([['DIV-DX', 'dl']]);
  for (const dep of DEPARTMENTS) {
    const existing = people.filter((p) => p.departmentCode === dep.code).length;
    for (let i = existing; i < dep.size; i++, generated++) {
      const isLead = !leads.has(dep.code);
      const isDivisionLead = !isLead && !divisionLeads.has(dep.divisionCode);
      const foreign = foreignSlots.has(generated) && dep.code.startsWith('D') ? FOREIGN_NAMES[foreignUsed++] : undefined;
      const gender = foreign?.gender ?? (rng.chance(0.58) ? 'M' : 'F');
      const vn = vietnameseName(rng, gender);
      const stem = foreign ? stripDiacritics(`${foreign.given}${foreign.family[0]}`).toLowerCase() : vn.stem;
      const userName = uniqueUsername(stem, draft.taken);
      const contractType = isLead || isDivisionLead ? 'UNLIMTED' : rng.weighted(CONTRACTS);
      const daysAgo =
        isLead || isDivisionLead ? rng.int(1500, 5600) : contractType === 'P' ? rng.int(7, 55) : contractType === '1236' ? rng.int(120, 1500) : rng.int(150, 5200);
      const roles: Role[] = isLead ? ['GROUP_LEAD', 'STAFF'] : isDivisionLead ? ['DULEAD', 'STAFF'] : ['STAFF'];
      const title = rng.pick(dep.titles);
      people.push(
        planEmployee(draft, {
          name: foreign?.name ?? vn.name,
          gender,
          userName,
          departmentCode: dep.code,
          roles,
          jobLevel: isDivisionLead ? 'Executive' : isLead ? 'Management' : rng.chance(dep.code.startsWith('CS') || dep.code === 'DX-QA' ? 0.45 : 0.15) ? 'Para-Pro' : 'Professional',
          positionTitle: isDivisionLead ? 'Division Director' : isLead ? 'Group Leader' : title,
          contractType,
          daysAgo,
          nationality: foreign?.nationality ?? 'VNM',
          location: rng.weighted(LOCATIONS),
        }),
      );
      if (isLead) leads.set(dep.code, userName);
      if (isDivisionLead) divisionLeads.set(dep.divisionCode, userName);
    }
  }
  return { leads, divisionLeads };
}

/** Projects: pm runs the first two (staff on the first); the others get a PM from the technical departments. */
function planProjects(rng: Random, plain: readonly EmployeePlan[], today: string): ProjectPlan[] {
  const technical = plain.filter((p) => !p.departmentCode.startsWith('CS'));
  const pmCandidates = rng.shuffle(technical.filter((p) => p.contractType !== 'P')).slice(0, PROJECTS.length - 2);
  for (const p of pmCandidates) p.positionTitle = 'Project Manager';
  return PROJECTS.map((pr, i) => {
    const pmUserName = i < 2 ? 'pm' : pmCandidates[i - 2]!.userName;
    const size = i === 0 ? 10 : rng.int(3, 15);
    const pool = rng.shuffle(technical.filter((p) => p.userName !== pmUserName && p.userName !== 'staff'));
    const members = [...(i === 0 ? ['staff', 'gl'] : []), ...pool.map((p) => p.userName)].slice(0, size);
    const startDate = plusDays(today, -rng.int(120, 900));
    return { code: pr.code, name: pr.name, pmUserName, memberUserNames: members, startDate, endDate: plusDays(today, rng.int(120, 720)) };
  });
}

/**
 * The demo organisation (RULES.md §2): 3 divisions, 8 departments, 150 people, 8 projects. Names and structure come
 * from a fixed seed; dates are offsets from `today`, so the same day gives the same data.
 */
export function planOrg(today: string, seed = DEMO_SEED): OrgPlan {
  const rng = createRandom(deriveSeed(seed, 1));
  const draft: OrgDraft = { rng, today, people: [], taken: new Set<string>(DEMO_ACCOUNTS), divisionOf: new Map(DEPARTMENTS.map((d) => [d.code, d.divisionCode])) };
  const people = draft.people;
  for (const d of DEMO_PEOPLE) {
    people.push(planEmployee(draft, { ...d, roles: [...d.roles], nationality: 'VNM', location: 'CGLOBALHCM' }));
  }
  const { leads, divisionLeads } = planDepartmentStaff(draft);

  const plain = people.filter((p) => p.roles.length === 1 && p.roles[0] === 'STAFF' && !DEMO_ACCOUNTS.includes(p.userName as never));
  for (const p of rng.shuffle(plain).slice(0, FLEXIBLE_COUNT)) p.workScheduleType = 'FLEXIBLE';
  const projectPlans = planProjects(rng, plain, today);

  completeMasterData(people, projectPlans, today, seed);

  return {
    divisions: DIVISIONS.map((d) => ({ ...d, leadUserName: divisionLeads.get(d.code)! })),
    departments: DEPARTMENTS.map((d) => ({ ...d, leadUserName: leads.get(d.code)! })),
    employees: people,
    projects: projectPlans,
  };
}

/** Teams inside each department (spec 002 §3 sub_department, sub_department_2). */
const SUB_DEPARTMENTS: Readonly<Record<string, readonly (readonly [string, readonly string[]])[]>> = {
  'DX-WEB': [['Frontend Team', ['Squad Atlas', 'Squad Lotus']], ['Backend Team', ['Squad Atlas', 'Squad Payments']], ['Business Analysis', ['Banking', 'Retail']]],
  'DX-MOB': [['iOS Team', ['Wallet', 'Consumer Apps']], ['Android Team', ['Wallet', 'Consumer Apps']], ['Design Studio', ['UX Research']]],
  'DX-QA': [['Manual Testing', ['Banking', 'Healthcare']], ['Test Automation', ['Web', 'Mobile']]],
  'ES-ERP': [['SAP Practice', ['Finance', 'Logistics']], ['Odoo Practice', ['Manufacturing']]],
  'ES-DATA': [['Data Engineering', ['Platform', 'Pipelines']], ['Analytics', ['BI', 'Machine Learning']]],
  'ES-CLOUD': [['Cloud Operations', ['AWS', 'Azure']], ['Site Reliability', ['Monitoring', 'On-call']]],
  'CS-HR': [['Compensation & Benefits', ['Payroll']], ['Talent Acquisition', ['Campus', 'Experienced Hire']]],
  'CS-FA': [['Accounting', ['Payables', 'Receivables']], ['Administration', ['Front Office', 'IT Helpdesk']]],
};

/**
 * Contract types beyond UNLIMTED / 1236 / P (spec 002 §3 enumeration): how many plain staff hold each, and the length
 * of their current contract in months.
 */
const OTHER_CONTRACTS: readonly (readonly [type: string, count: number, months: number])[] = [
  ['C', 2, 12], ['COLLA', 1, 12], ['SEA', 1, 6], ['SEV', 1, 12], ['T', 2, 6], ['ANNEX', 2, 24],
];

/** Departments the administration demo keeps away from the demo accounts' figures (administration.ts). */
export const POLICY_DEPARTMENT = 'ES-CLOUD';
const TERMINATED_DEPARTMENT = 'ES-DATA';

/**
 * Fills the master data the first pass leaves open, from its own random stream (so names, usernames and dates of the
 * first pass never move): sub departments, the missing personal e-mails, the Japanese colleagues at the Kansai office,
 * the contract types of spec 002 §3 beyond the three common ones, and one employee who left in the previous payroll
 * period (status Terminated, last working day in that period, contract ended that day).
 */
function completeMasterData(people: EmployeePlan[], projectPlans: readonly ProjectPlan[], today: string, seed: number): void {
  const rng = createRandom(deriveSeed(seed, 11));
  for (const p of people) {
    const teams = SUB_DEPARTMENTS[p.departmentCode] ?? [];
    if (teams.length === 0) continue;
    const [team, squads] = rng.pick(teams);
    p.subDepartment = team;
    p.subDepartment2 = rng.chance(0.7) ? rng.pick(squads) : null;
    if (p.personalEmail === null && rng.chance(0.75)) p.personalEmail = `${p.userName}.${p.dateOfBirth.slice(0, 4)}@example.com`;
    if (p.nationality === 'JPN') p.location = 'JPN.KAN';
  }

  const inProject = new Set(projectPlans.flatMap((pr) => [pr.pmUserName, ...pr.memberUserNames]));
  const plainStaff = (p: EmployeePlan) =>
    p.roles.length === 1 && p.roles[0] === 'STAFF' && !DEMO_ACCOUNTS.includes(p.userName as never) && p.positionTitle !== 'Project Manager';

  // One leaver: plain permanent day-based staff outside any project, the last of their department by index.
  const leaver = people
    .filter((p) => plainStaff(p) && p.departmentCode === TERMINATED_DEPARTMENT && p.workScheduleType === 'HCM' && p.contractType === 'UNLIMTED' && !inProject.has(p.userName))
    .at(-1);
  if (leaver) {
    const previous = periodOfMonth(plusMonths(`${periodMonthOf(today)}-01`, -1).slice(0, 7));
    // A Friday two weeks into the period (the one before, when that is a public holiday).
    const holidays = vnHolidaySet();
    let last = plusDays(previous.from, 14);
    while (isoWeekday(last) !== 5 || holidays.has(last)) last = plusDays(last, -1);
    leaver.employeeStatus = 'Terminated';
    leaver.lastWorkingDay = last;
    leaver.contractEndDate = last;
  }

  // The other contract types: plain permanent staff drawn from the stream, outside the demo journeys' department
  // (DX-WEB), the policy department and the leaver's; trainees and seasonal staff among those who joined lately.
  const pool = rng.shuffle(
    people.filter(
      (p) => plainStaff(p) && p !== leaver && p.contractType === 'UNLIMTED' && ![POLICY_DEPARTMENT, TERMINATED_DEPARTMENT, 'DX-WEB'].includes(p.departmentCode),
    ),
  );
  const recent = (p: EmployeePlan) => epochDay(today) - epochDay(p.startWorkingDay) <= 1095;
  const taken = new Set<EmployeePlan>();
  for (const [type, count, months] of OTHER_CONTRACTS) {
    const short = type === 'T' || type === 'SEA';
    for (let i = 0; i < count; i++) {
      const p = pool.find((x) => !taken.has(x) && (!short || recent(x)));
      if (!p) break;
      taken.add(p);
      // The current contract: from its latest start on or before today (a renewal every `months`), still running.
      let from = p.startWorkingDay;
      while (plusMonths(from, months) <= today) from = plusMonths(from, months);
      p.contractType = type;
      p.numberOfYear = (months / 12).toFixed(2);
      p.contractStartDate = from;
      p.contractEndDate = plusDays(plusMonths(from, months), -1);
      if (type === 'T' || type === 'SEA') p.jobLevel = 'Para-Pro';
    }
  }
}

export type SeededEmployee = EmployeePlan & { id: number; userId: number };
export type SeededOrg = { companyId: number; employees: SeededEmployee[]; byUserName: Map<string, SeededEmployee> };

/** The company, its divisions and departments; answers the company's id and each unit's id by code. */
async function insertUnits(db: DbOrTx, plan: OrgPlan): Promise<{ companyId: number; depIds: Map<string, number> }> {
  const [company] = await db.insert(companies).values(DEMO_COMPANY).returning({ id: companies.id });
  const companyId = company!.id;
  const divisionRows = await db
    .insert(departments)
    .values(plan.divisions.map((d) => ({ companyId, departmentCode: d.code, name: d.name, nameEn: d.nameEn, departmentType: 'Division' as const })))
    .returning({ id: departments.id, code: departments.departmentCode });
  const depIds = new Map(divisionRows.map((r) => [r.code, r.id]));
  const departmentRows = await db
    .insert(departments)
    .values(
      plan.departments.map((d) => ({ companyId, departmentCode: d.code, name: d.name, nameEn: d.nameEn, departmentType: 'Department' as const, parentId: depIds.get(d.divisionCode)! })),
    )
    .returning({ id: departments.id, code: departments.departmentCode });
  for (const r of departmentRows) depIds.set(r.code, r.id);
  return { companyId, depIds };
}

/** The employees of the plan in the units; answers their ids by username. */
async function insertEmployees(db: DbOrTx, plan: OrgPlan, companyId: number, depIds: Map<string, number>): Promise<Map<string, number>> {
  const employeeRows = await db
    .insert(employees)
    .values(
      plan.employees.map((e) => ({
        name: e.name,
        gender: e.gender,
        dateOfBirth: e.dateOfBirth,
        email: e.email,
        personalEmail: e.personalEmail,
        userName: e.userName,
        companyId,
        location: e.location,
        departmentId: depIds.get(e.departmentCode)!,
        divisionId: depIds.get(e.divisionCode)!,
        jobLevel: e.jobLevel,
        positionTitle: e.positionTitle,
        nationality: e.nationality,
        workScheduleType: e.workScheduleType,
        workScheduleApplyDate: e.startWorkingDay,
        sf4cId: e.sf4cId,
        contractType: e.contractType,
        numberOfYear: e.numberOfYear,
        contractStartDate: e.contractStartDate,
        contractEndDate: e.contractEndDate,
        startWorkingDay: e.startWorkingDay,
        lastWorkingDay: e.lastWorkingDay,
        seniorityDate: e.seniorityDate,
        subDepartment: e.subDepartment,
        subDepartment2: e.subDepartment2,
        employeeStatus: e.employeeStatus,
        holidayCalendarCode: VN_CALENDAR,
      })),
    )
    .returning({ id: employees.id, userName: employees.userName });
  return new Map(employeeRows.map((r) => [r.userName, r.id]));
}

/** The projects of the plan with their PMs and members (a member from the later of their start and the project's). */
async function insertProjects(db: DbOrTx, plan: OrgPlan, byUserName: Map<string, SeededEmployee>): Promise<void> {
  const projectRows = await db
    .insert(projects)
    .values(plan.projects.map((p) => ({ projectCode: p.code, projectName: p.name, pmEmployeeId: byUserName.get(p.pmUserName)!.id, startDate: p.startDate, endDate: p.endDate })))
    .returning({ id: projects.id, code: projects.projectCode });
  const projectIds = new Map(projectRows.map((r) => [r.code, r.id]));
  await db.insert(projectMembers).values(
    plan.projects.flatMap((p) =>
      p.memberUserNames.map((u) => {
        const e = byUserName.get(u)!;
        return { projectId: projectIds.get(p.code)!, employeeId: e.id, fromDate: e.startWorkingDay > p.startDate ? e.startWorkingDay : p.startDate };
      }),
    ),
  );
}

export async function insertOrg(db: DbOrTx, plan: OrgPlan, passwordHash: string): Promise<SeededOrg> {
  const { companyId, depIds } = await insertUnits(db, plan);
  const employeeIds = await insertEmployees(db, plan, companyId, depIds);
  for (const unit of [...plan.divisions, ...plan.departments]) {
    await db.update(departments).set({ leadEmployeeId: employeeIds.get(unit.leadUserName)! }).where(eq(departments.id, depIds.get(unit.code)!));
  }

  const userRows = await db
    .insert(users)
    // A leaver's account is disabled: they cannot sign in after their last working day.
    .values(plan.employees.map((e) => ({ username: e.userName, passwordHash, employeeId: employeeIds.get(e.userName)!, disabled: e.employeeStatus === 'Terminated' })))
    .returning({ id: users.id, username: users.username });
  const userIds = new Map(userRows.map((r) => [r.username, r.id]));
  await db.insert(userRoles).values(plan.employees.flatMap((e) => e.roles.map((role) => ({ userId: userIds.get(e.userName)!, role }))));

  const seeded = plan.employees.map((e) => ({ ...e, id: employeeIds.get(e.userName)!, userId: userIds.get(e.userName)! }));
  const byUserName = new Map(seeded.map((e) => [e.userName, e]));

  await insertProjects(db, plan, byUserName);
  return { companyId, employees: seeded, byUserName };
}
