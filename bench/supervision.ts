/**
 * Supervision at scale (speed target: the business-audit queue and the workbench
 * answer under 100 ms p99), on SQLite and, when BENCH_DATABASE_URL is set, PostgreSQL, with
 * 100 member units, 5,000 practitioners, 20,000 projects and 10 years of annual inspections
 * (one row per unit and practitioner and year: 51,000), a pending review for each submitted
 * subject. Each endpoint: RUNS requests one at a time with the read cache emptied before each
 * (the queries' own cost, p50/p99), then autocannon at CONNECTIONS connections (median of three
 * 5-second runs), where the read cache (server/http/readCache.ts) serves what many staff opening
 * the same page at once would share.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newAuditColumns } from '../server/db/versioned';
import type { NewMemberUnit, NewPractitioner } from '../server/db/types';
import { encryptPractitionerPii } from '../server/pii/fields';
import { idCardOf } from './membership';
import { adminToken, benchDialects, loadMedian, openBenchDatabase, rng, startApp, type LoadResult } from './lib';
import { percentile } from './stats';

export const SUPERVISION_SIZES = { units: 100, practitioners: 5_000, projects: 20_000, years: 10 } as const;
export const SUPERVISION_CONNECTIONS = 50;
const RUNS = 200;

const LEVELS = ['president', 'vice_president', 'executive_director', 'director', 'member'];
const TYPES = ['major_project', 'major_decision', 'major_policy', 'major_event', 'other'];
const RISKS = ['high', 'medium', 'low'];
const PROJECT_STATUSES = ['draft', 'submitted', 'filed', 'filed', 'filed', 'returned'] as const;
const INSPECTION_STATUSES = ['passed', 'passed', 'passed', 'failed', 'returned', 'submitted'] as const;

export interface SupervisionBenchRow {
  dialect: string;
  endpoint: string;
  one: { p50: number; p99: number };
  http: LoadResult;
}

async function insertAll<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[], batch = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) await insert(rows.slice(i, i + batch));
}

export async function runSupervisionBench(log: (line: string) => void = console.log): Promise<SupervisionBenchRow[]> {
  const out: SupervisionBenchRow[] = [];
  for (const dialect of benchDialects) {
    const bench = await openBenchDatabase(dialect);
    try {
      const { app, url } = await startApp(bench);
      try {
        log(`supervision/${dialect}: seeding…`);
        const next = rng(8);
        const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
        const thisYear = new Date().getUTCFullYear();
        const at = (year: number, dayOfYear: number) => new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString();
        const db = bench.db.kysely;
        const units: NewMemberUnit[] = Array.from({ length: SUPERVISION_SIZES.units }, (_, i) => ({
          id: `sv-unit-${i}`,
          name: `监管基准评估机构${i}`,
          credit_code: `91110105SUPV${String(i).padStart(6, '0')}`,
          legal_representative: '王某',
          contact_person: '李某',
          contact_phone: '010-12345678',
          email: null,
          address: null,
          established_on: null,
          registered_capital_fen: null,
          staff_count: null,
          member_level: LEVELS[i % LEVELS.length],
          member_no: `HY${thisYear - 10 + (i % 10)}${String(i + 1).padStart(3, '0')}`,
          join_date: at(thisYear - 10 + (i % 10), i).slice(0, 10),
          valid_until: `${thisYear + 1}-01-01`,
          business_scope: null,
          introduction: null,
          logo_file_id: null,
          show_in_window: 1,
          status: 'approved',
          reject_reason: null,
          pending_change: null,
          pending_change_at: null,
          ...newAuditColumns(at(thisYear - 10 + (i % 10), i)),
        }));
        await db.insertInto('member_units').values(units).execute();
        const practitioners: NewPractitioner[] = Array.from({ length: SUPERVISION_SIZES.practitioners }, (_, i) => ({
          id: `sv-pr-${i}`,
          name: `从业人员${i}`,
          gender: null,
          ...encryptPractitionerPii(app.pii, { idCardNo: idCardOf(i), phone: null }),
          email: null,
          education: null,
          major: null,
          professional_title: null,
          position: null,
          unit_id: `sv-unit-${i % SUPERVISION_SIZES.units}`,
          entry_date: null,
          photo_file_id: null,
          training_hours: 0,
          certificate_no: `WPRY${String(i + 1).padStart(8, '0')}`,
          certificate_valid_until: `${thisYear + 1}-01-01`,
          // A few wait for review, as on a real day.
          status: i % 100 === 0 ? 'pending' : 'approved',
          reject_reason: null,
          left_on: null,
          ...newAuditColumns(at(thisYear - (i % 10), i % 365)),
        }));
        const projects = Array.from({ length: SUPERVISION_SIZES.projects }, (_, i) => {
          const year = thisYear - (i % 10);
          const status = pick(PROJECT_STATUSES);
          return {
            id: `sv-pj-${i}`,
            name: `稳评项目${i}`,
            code: `XM${year}${String(i).padStart(6, '0')}`,
            unit_id: `sv-unit-${i % SUPERVISION_SIZES.units}`,
            client: '某区人民政府',
            type: pick(TYPES),
            region: '市辖区',
            investment_fen: null,
            leader_practitioner_id: `sv-pr-${i % SUPERVISION_SIZES.practitioners}`,
            start_on: at(year, i % 300).slice(0, 10),
            end_on: null,
            risk_level: pick(RISKS),
            conclusion: null,
            status,
            return_reason: null,
            submitted_at: status === 'draft' ? null : at(year, i % 300),
            filed_at: status === 'filed' ? at(year, (i % 300) + 10) : null,
            ...newAuditColumns(at(year, i % 300)),
          };
        });
        const years = Array.from({ length: SUPERVISION_SIZES.years }, (_, k) => thisYear - k);
        const inspections = years.flatMap((year) =>
          [...units.map((u) => ({ type: 'unit' as const, id: u.id, name: u.name, unit: u.id })), ...practitioners.map((p) => ({ type: 'practitioner' as const, id: p.id, name: p.name, unit: p.unit_id }))].map((s) => {
            const status = year === thisYear ? pick(['not_submitted', 'submitted', 'submitted', 'passed', 'returned'] as const) : pick(INSPECTION_STATUSES);
            return {
              id: randomUUID(),
              year,
              subject_type: s.type,
              subject_id: s.id,
              subject_name: s.name,
              unit_id: s.unit,
              self_report: null,
              projects_done: 3,
              training_hours: 40,
              status,
              submitted_at: status === 'not_submitted' ? null : at(year, 100),
              reviewer_id: null,
              review_comment: null,
              reviewed_at: null,
              ...newAuditColumns(at(year, 30)),
            };
          }),
        );
        const reviewOf = (what: 'project' | 'annual_inspection' | 'practitioner', subjectType: 'project' | 'annual_inspection' | 'practitioner', id: string, name: string, unitId: string, when: string) => ({
          id: randomUUID(),
          what,
          subject_type: subjectType,
          subject_id: id,
          subject_name: name,
          unit_id: unitId,
          submitted_by: null,
          submitted_by_name: null,
          submitted_at: when,
          status: 'pending' as const,
          decided_by: null,
          decided_by_name: null,
          decided_at: null,
          comment: null,
          payload: null,
          ...newAuditColumns(when),
        });
        const reviews = [
          ...projects.filter((p) => p.status === 'submitted').map((p) => reviewOf('project', 'project', p.id, p.name, p.unit_id, p.submitted_at ?? p.created_at)),
          ...inspections.filter((r) => r.status === 'submitted').map((r) => reviewOf('annual_inspection', 'annual_inspection', r.id, r.subject_name, r.unit_id, r.submitted_at ?? r.created_at)),
          ...practitioners.filter((p) => p.status === 'pending').map((p) => reviewOf('practitioner', 'practitioner', p.id, p.name, p.unit_id, p.created_at)),
        ];
        await db.transaction().execute(async (trx) => {
          await insertAll((rows) => trx.insertInto('practitioners').values(rows).execute(), practitioners);
          await insertAll((rows) => trx.insertInto('projects').values(rows).execute(), projects);
          for (const year of years) {
            await trx
              .insertInto('annual_inspection_years')
              .values({ id: randomUUID(), year, deadline: `${year}-12-31`, status: year === thisYear ? 'open' : 'closed', opened_by: null, opened_at: at(year, 1), ...newAuditColumns(at(year, 1)) })
              .execute();
          }
          await insertAll((rows) => trx.insertInto('annual_inspections').values(rows).execute(), inspections);
          await insertAll((rows) => trx.insertInto('reviews').values(rows).execute(), reviews);
        });
        await sql`analyze`.execute(db);
        log(`supervision/${dialect}: ${projects.length} projects, ${inspections.length} inspections, ${reviews.length} pending reviews`);

        const token = await adminToken(url);

        const endpoints: [string, string][] = [
          ['business-audit queue (page 1)', '/api/v1/business-audit?current=1&pageSize=10'],
          ['business-audit queue (kind filter)', '/api/v1/business-audit?current=1&pageSize=10&kind=annual_inspection'],
          ['workbench (staff)', '/api/v1/workbench'],
        ];
        for (const [label, path] of endpoints) {
          const probe = (await (await fetch(url + path, { headers: { token } })).json()) as { status: number; message: string };
          if (probe.status !== 1) throw new Error(`${label}: ${probe.message}`);
          const times: number[] = [];
          for (let i = 0; i < RUNS; i += 1) {
            // One at a time measures the queries themselves: the read cache is emptied first.
            app.readCache.clear();
            const t0 = performance.now();
            await (await fetch(url + path, { headers: { token } })).arrayBuffer();
            times.push(performance.now() - t0);
          }
          times.sort((a, b) => a - b);
          const one = { p50: Number(percentile(times, 50).toFixed(1)), p99: Number(percentile(times, 99).toFixed(1)) };
          const http = await loadMedian(url + path, 3, { connections: SUPERVISION_CONNECTIONS, headers: { token } });
          out.push({ dialect, endpoint: label, one, http });
          log(`supervision/${dialect} ${label}: one at a time p50 ${one.p50} ms p99 ${one.p99} ms; ${SUPERVISION_CONNECTIONS} connections ${http.rps.toFixed(0)} req/s p99 ${http.p99} ms`);
        }
      } finally {
        await app.close();
      }
    } finally {
      await bench.dispose();
    }
  }
  return out;
}
