/**
 * The complaint-and-credit journey (docs/domain.md, "Credit and complaints") in real Chromium
 * against the built app and the real server with the demo data: a visitor without an account
 * complains (投诉, named, with a photo) about the demo unit (正衡…, demo_unit's, demo-unit-1) on
 * /FrontPage/complaint, gets the number and the query code once and follows the complaint with
 * them; staff accept it on /Manage/complaint; the unit answers in writing on its own 投诉申辩 (the
 * same page, as a unit) without ever seeing who complained; staff conclude 属实, which records the
 * unit's automatic bad-conduct event (server/modules/complaints/service.ts), and the visitor reads
 * the outcome. Then the year's credit rating: staff start it on /Manage/credit-rating, the unit
 * reads on 我的信用 its score with the complaint's points among the events behind it; staff
 * publicize it, the unit objects with a file, staff answer 异议不成立 (the score stands); the 公示
 * window is moved into the past in the database and staff take 终评; /FrontPage/credit and the
 * unit's page in 会员之窗 show the year's final tier.
 *
 * The year is this year in Beijing (2026 when written): the demo's only rating is 2025's, final
 * (server/db/seed/demoCredit.ts), and the product starts any year not in the future once
 * (server/modules/credit-ratings/service.ts startRating). The score is not a constant: other
 * journeys on the same server may add this year's events of the unit; the journey checks the
 * score the server computed against its items instead.
 *
 * The anonymous complaint is rate-limited per address (COMPLAINT_RATE_LIMIT, 5 an hour by default,
 * server/config.ts; the tracking TRACK_RATE_LIMIT, 20 in 10 minutes): this journey submits one and
 * tracks twice, and no other journey submits any.
 *
 * Accounts log in through the API (set-up, not the journey): staff as the e2e admin (every code:
 * complaint:handle, credit:rating:manage), the unit as demo_unit; the visitor and the public
 * reader have no account (contexts of their own, no token).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../../server/db/sqlite';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CREDIT_TIER_LABELS, DEFAULT_CREDIT_RULES, tierOf } from '@common/credit';
import type { CreditRatingUnitDetail } from '@common/schemas/credit';
import type { ComplaintProgress, ComplaintSubmitResult } from '@common/schemas/complaints';
import { maskPhone } from '@common/validators';
import { DEMO_UNIT, E2E_ADMIN } from './accounts';
import { answerTo, spacedButton as button } from './actions';
import { launchBrowser, loginThroughApi, openPage, type WatchedPage } from './browser';
import { png } from './images';
import { newMobile } from './membershipData';

/** demo_unit's unit (server/db/seed/demoAccounts.ts DEMO_UNIT_ID, demoUnits.ts). */
const UNIT_ID = 'demo-unit-1';
const UNIT_NAME = '正衡社会稳定风险评估咨询有限公司';

/**
 * This year in Beijing, the year the server rates and dates the complaint's event in (the start
 * dialog offers the browser's years: the same but in the first eight hours of a Beijing year).
 */
const YEAR = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));

const RUN = String(Date.now() % 100000);
const COMPLAINANT = '甄明远';
const PHONE = newMobile();
const TITLE = `评估报告入户调查记录造假（端到端${RUN}）`;
const CONTENT = '我家在评估范围内，但评估报告所附入户调查记录中我家的签字并非本人所签，调查人员从未上门。请协会核查。';
const ACCEPT_NOTE = '协会已受理，将调取该项目的入户调查原始记录核查。';
const ANSWER = '我单位已调取原始记录，该户调查由外聘调查员完成，签字情况正在核实，已暂停该调查员的工作。';
const HANDLING = '经调取原始记录并走访核实，该户入户调查记录的签字确非本人所签，投诉属实；已责令该单位重新开展入户调查并更正报告。';
const OBJECTION = `对${YEAR}年度“投诉举报查证属实”记录有异议：签字问题系外聘调查员个人所为，我单位已整改，请求撤销该条记录。`;
const OBJECTION_ANSWER = '经复核，外聘调查员的调查工作由贵单位组织并对成果负责，异议不成立，维持原记录。';

/** The automatic event's kind and points (the first rules version, in force in the demo data). */
const UPHELD_POINTS = DEFAULT_CREDIT_RULES.kinds.find((k) => k.kind === 'complaint_upheld')?.points ?? Number.NaN;
const UPHELD_LABEL = '投诉举报查证属实';

const complaintStep = (name: string) => new RegExp(`^/api/v1/complaints/[^/]+/${name}$`);
const ratingStep = (name: string) => new RegExp(`^/api/v1/credit-ratings/[^/]+/${name}$`);

let browser: Browser;
let files: string;
beforeAll(async () => {
  browser = await launchBrowser();
  files = mkdtempSync(path.join(tmpdir(), 'e2e-credit-'));
});
afterAll(async () => {
  await browser?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** A PNG file on disk, as a person picks one. */
function pngFile(name: string, seed: number): string {
  const file = path.join(files, name);
  writeFileSync(file, png(seed));
  return file;
}

const drawerOf = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-content-wrapper').last();
/** The question antd's modal.confirm asks (the last one open). */
const question = (page: Page, title: string | RegExp) =>
  page.locator('.ant-modal-confirm').filter({ has: page.locator('.ant-modal-confirm-title', { hasText: title }) });

/** Uploads `file` through the back office's <FileUpload/> in `scope` and waits until it is done. */
async function uploadIn(scope: Locator, file: string): Promise<void> {
  await scope.locator('input[type=file]').setInputFiles(file);
  const item = scope.locator('li', { hasText: path.basename(file) });
  await item.waitFor();
  await item.locator('.anticon-loading').waitFor({ state: 'detached' });
  expect(await item.innerText()).not.toContain('失败');
}

/** The public tracking form: the number (already there, or typed), the code, 查询; the server's answer. */
async function track(page: Page, complaintNo: string, queryCode: string): Promise<ComplaintProgress> {
  const form = page.getByRole('form', { name: '查询办理进度' });
  await form.waitFor();
  const number = form.getByLabel('投诉编号');
  await expect.poll(() => number.inputValue()).toBe(complaintNo);
  await form.getByLabel('查询码').fill(queryCode);
  const answer = await answerTo<ComplaintProgress>(
    page,
    { method: 'POST', path: '/api/v1/public/complaints/track' },
    () => form.getByRole('button', { name: '查询', exact: true }).click(),
    `查询${complaintNo}的办理进度`,
  );
  return answer.data;
}

/** /Manage/complaint filtered to the number, its row, and the drawer its 详情 opens. */
async function openComplaint(page: Page, complaintNo: string): Promise<{ drawer: Locator }> {
  await page.goto(`/Manage/complaint?keyword=${encodeURIComponent(complaintNo)}`);
  const row = page.locator('tr.ant-table-row', { hasText: complaintNo });
  await row.waitFor();
  await button(row, '详情').click();
  const drawer = drawerOf(page);
  await drawer.locator('.ant-drawer-title', { hasText: `投诉：${complaintNo}` }).waitFor();
  await drawer.getByText(TITLE, { exact: true }).waitFor();
  return { drawer };
}

/**
 * The 公示 window moved `days` back in the server's database. The server is a separate process
 * on the real clock, which no test can move, and 终评 waits for the 7-day window to be over
 * (server/modules/credit-ratings/queries.ts finalizeRefusal); so the window is made to have
 * ended instead. SQLite's WAL and busy_timeout (server/db/index.ts) let this write wait for the
 * server's, and the server reads the rating afresh on each request.
 */
function movePublicityBack(ratingId: string, days: number): { from: string; until: string } {
  const db = openSqliteFile(inject('sqliteFile'));
  try {
    db.exec('pragma busy_timeout = 5000');
    const shift = `-${days} days`;
    const moved = db
      .prepare("update credit_ratings set publicity_from = date(publicity_from, ?), publicity_until = date(publicity_until, ?) where id = ? and status = 'publicity'")
      .run(shift, shift, ratingId);
    expect(moved.changes, '公示中的评价应恰好一条').toBe(1);
    return db.prepare('select publicity_from as "from", publicity_until as until from credit_ratings where id = ?').get(ratingId) as unknown as { from: string; until: string };
  } finally {
    db.close();
  }
}

describe('the complaint and credit journey', () => {
  it(
    'takes a complaint from the public to an upheld outcome and the unit’s credit through 公示, an objection and 终评 to the public pages',
    async () => {
      const visitor = await openPage(browser, { width: 1280, height: 900 });
      const staff = await openPage(browser, { width: 1440, height: 900 });
      const unit = await openPage(browser, { width: 1440, height: 900 });
      const reader = await openPage(browser, { width: 1280, height: 900 });
      const all: [string, WatchedPage][] = [
        ['访客', visitor],
        ['工作人员', staff],
        ['会员单位', unit],
        ['公众', reader],
      ];
      try {
        const v = visitor.page;
        const s = staff.page;
        const u = unit.page;
        await loginThroughApi(s, E2E_ADMIN);
        await loginThroughApi(u, DEMO_UNIT);

        // 1. The visitor complains, named, with a photo.
        await v.goto('/FrontPage/complaint');
        const form = v.getByRole('form', { name: '提交投诉举报' });
        await form.waitFor();
        expect(await form.getByRole('radio', { name: /^投诉/ }).isChecked()).toBe(true);
        await form.getByLabel('姓名', { exact: true }).fill(COMPLAINANT);
        await form.getByLabel('联系电话').fill(PHONE);
        await form.getByLabel('按名称筛选会员单位').fill('正衡');
        await form.getByLabel('被投诉单位', { exact: true }).selectOption({ label: UNIT_NAME });
        await form.getByLabel('标题').fill(TITLE);
        await form.getByLabel('投诉举报内容').fill(CONTENT);
        const photo = pngFile('入户调查签字照片.png', 201);
        await form.locator('input[type=file]').setInputFiles(photo);
        await form.getByRole('list', { name: '已选择的附件' }).getByRole('listitem').filter({ hasText: '入户调查签字照片.png' }).getByText('已上传').waitFor();
        await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
        const submitted = await answerTo<ComplaintSubmitResult>(
          v,
          { method: 'POST', path: '/api/v1/public/complaints' },
          () => form.getByRole('button', { name: '提交', exact: true }).click(),
          '提交投诉',
        );
        const { complaintNo, queryCode } = submitted.data;
        expect(complaintNo).toMatch(/^TS\d{10}$/);
        // The number and the code, shown this once.
        const codes = v.getByRole('region', { name: '提交成功' });
        await codes.waitFor();
        expect(await codes.innerText()).toContain(UNIT_NAME);
        await codes.getByText(complaintNo, { exact: true }).waitFor();
        await codes.getByText(queryCode, { exact: true }).waitFor();
        await codes.getByText(/查询码只显示这一次/).waitFor();
        // 查询办理进度 fills in the number; the code is typed.
        await codes.getByRole('button', { name: '查询办理进度' }).click();
        const submittedProgress = await track(v, complaintNo, queryCode);
        expect(submittedProgress).toMatchObject({ complaintNo, status: 'pending', unitName: UNIT_NAME });
        await v.getByRole('heading', { name: '办理进度：待受理' }).waitFor();

        // 2. Staff find it, see who complained and the photo, and accept it.
        // (投诉人 is an optional column below 1600 px, ResourceTable; the drawer always names them.)
        let { drawer } = await openComplaint(s, complaintNo);
        await drawer.getByText(COMPLAINANT, { exact: true }).waitFor();
        await drawer.getByText(maskPhone(PHONE), { exact: true }).waitFor();
        await drawer.getByText('入户调查签字照片.png').first().waitFor();
        await button(drawer, '受理').click();
        const accepting = s.getByRole('dialog', { name: `受理投诉 ${complaintNo}「${TITLE}」` });
        await accepting.getByLabel('受理说明').fill(ACCEPT_NOTE);
        await answerTo(s, { method: 'POST', path: complaintStep('accept') }, () => button(accepting, '受理').click(), `受理${complaintNo}`);
        await accepting.waitFor({ state: 'detached' });
        await drawer.getByText(ACCEPT_NOTE).first().waitFor();

        // 3. The unit answers in writing from its own page (投诉申辩), never seeing who complained.
        await u.goto('/Manage/complaint');
        await u.getByText('对本单位的投诉举报', { exact: true }).waitFor();
        await u.getByRole('menuitem', { name: /投诉申辩/ }).first().waitFor();
        ({ drawer } = await openComplaint(u, complaintNo));
        await drawer.getByText(CONTENT).first().waitFor();
        // The whole page: the list behind and the drawer.
        const unitSees = await u.locator('body').innerText();
        for (const secret of [COMPLAINANT, PHONE, maskPhone(PHONE)]) expect(unitSees, `单位不应看到「${secret}」`).not.toContain(secret);
        expect(await drawer.getByText('投诉人', { exact: true }).count()).toBe(0);
        await button(drawer, '书面申辩').click();
        const replying = u.getByRole('dialog', { name: `书面申辩：投诉 ${complaintNo}「${TITLE}」` });
        await replying.getByLabel('申辩内容').fill(ANSWER);
        await uploadIn(replying, pngFile('调查员工作记录.png', 202));
        await answerTo(u, { method: 'POST', path: complaintStep('reply') }, () => button(replying, '提交申辩').click(), `申辩${complaintNo}`);
        await replying.waitFor({ state: 'detached' });
        await drawer.getByText(ANSWER).first().waitFor();
        expect(await button(drawer, '书面申辩').count()).toBe(0);

        // 4. Staff conclude 属实 with the handling; the visitor reads the outcome.
        ({ drawer } = await openComplaint(s, complaintNo));
        await drawer.getByText(ANSWER).first().waitFor();
        await button(drawer, '办结').click();
        const concluding = s.getByRole('dialog', { name: `办结投诉 ${complaintNo}「${TITLE}」` });
        await concluding.getByRole('radio', { name: '属实', exact: true }).check();
        await concluding.getByLabel('处理结果').fill(HANDLING);
        await button(concluding, '办结').click();
        const sure = question(s, '确定办结吗？');
        await sure.waitFor();
        await answerTo(s, { method: 'POST', path: complaintStep('conclude') }, () => button(sure, '办结').click(), `办结${complaintNo}`);
        await concluding.waitFor({ state: 'detached' });
        const outcome = drawer.locator('.ant-card').filter({ has: s.locator('.ant-card-head-title', { hasText: /^办理结果$/ }) });
        await outcome.getByText(HANDLING).first().waitFor();
        await outcome.locator('.ant-tag', { hasText: /^属实$/ }).waitFor();

        // The notices' link: ?no= puts the tracking form first with the number in it.
        await v.goto(`/FrontPage/complaint?no=${complaintNo}`);
        const concluded = await track(v, complaintNo, queryCode);
        expect(concluded.status).toBe('concluded');
        expect(concluded.outcome).toMatchObject({ conclusion: 'upheld', handling: HANDLING });
        await v.getByRole('heading', { name: '办理进度：已办结' }).waitFor();
        await v.getByText('办理结论：属实', { exact: true }).waitFor();
        await v.getByText(`处理结果：${HANDLING}`, { exact: true }).waitFor();
        expect(await v.getByRole('list', { name: '办理步骤' }).innerText()).toContain('被投诉单位已书面申辩');

        // 5. Staff start this year's rating (初评).
        await s.goto('/Manage/credit-rating');
        await s.locator('tr.ant-table-row', { hasText: `${YEAR - 1}年度` }).waitFor();
        await s.getByRole('button', { name: /启动年度评价$/ }).click();
        const starting = s.getByRole('dialog', { name: '启动年度信用评价' });
        await starting.getByText(/将按现行第 \d+ 版规则评价/).waitFor();
        await starting.getByRole('combobox', { name: '评价年度' }).click();
        await s.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${YEAR}年度$`) }).click();
        await button(starting, '下一步').click();
        const startQuestion = question(s, new RegExp(`启动${YEAR}年度信用评价？$`));
        await startQuestion.waitFor();
        const started = await answerTo<{ id: string }>(s, { method: 'POST', path: '/api/v1/credit-ratings' }, () => button(startQuestion, '启动').click(), `启动${YEAR}年度信用评价`);
        const ratingId = started.data.id;
        const ratingDrawer = drawerOf(s);
        await ratingDrawer.locator('.ant-drawer-title', { hasText: `${YEAR}年度信用评价` }).waitFor();
        await ratingDrawer.locator('.ant-tag', { hasText: /^初评$/ }).first().waitFor();

        // The unit's 我的信用: its score, and the complaint's points among the events behind it.
        await u.goto('/Manage/credit-rating');
        await u.getByRole('menuitem', { name: /我的信用/ }).first().waitFor();
        const yearRow = u.locator('tr.ant-table-row', { hasText: `${YEAR}年度` });
        await yearRow.locator('.ant-tag', { hasText: /^初评$/ }).waitFor();
        const scoreRead = u.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/credit-ratings/${ratingId}/units/${UNIT_ID}` && r.request().method() === 'GET');
        scoreRead.catch(() => undefined);
        await button(yearRow, '查看明细').click();
        const initial = ((await (await scoreRead).json()) as { data: CreditRatingUnitDetail }).data;
        const upheld = initial.items.filter((i) => i.kind === 'complaint_upheld' && i.description.includes(complaintNo));
        expect(upheld, '投诉属实的信用记录应计入本年度得分').toHaveLength(1);
        expect(upheld[0]).toMatchObject({ points: UPHELD_POINTS, kindLabel: UPHELD_LABEL, eventStatus: 'active' });
        expect(initial.score).toBe(initial.baseScore + initial.items.reduce((sum, i) => sum + i.points, 0));
        // The demo's rules (base 100, A ≥ 90, B ≥ 75, C ≥ 60) are the ones in force.
        expect(initial.tier).toBe(tierOf(initial.score, DEFAULT_CREDIT_RULES.tiers));
        const scoreDrawer = drawerOf(u);
        await scoreDrawer.locator('.ant-drawer-title', { hasText: `${UNIT_NAME} · ${YEAR}年度得分` }).waitFor();
        await scoreDrawer.getByText('初评结果，尚未公示；重新计算后可能变化。').waitFor();
        await scoreDrawer.getByText(`= ${initial.score} 分`).waitFor();
        await scoreDrawer.locator('.ant-tag', { hasText: CREDIT_TIER_LABELS[initial.tier] }).first().waitFor();
        const eventRow = scoreDrawer.locator('tr.ant-table-row', { hasText: complaintNo });
        await eventRow.waitFor();
        const eventText = await eventRow.innerText();
        expect(eventText).toContain(UPHELD_LABEL);
        expect(eventText).toContain(String(UPHELD_POINTS));
        // No objection before 公示.
        expect(await button(scoreDrawer, '提出异议').count()).toBe(0);

        // 6. Staff publicize (公示), from today for 7 days.
        await button(ratingDrawer, '发布公示').click();
        const publicizeQuestion = question(s, `发布${YEAR}年度初评结果公示？`);
        await publicizeQuestion.waitFor();
        const published = await answerTo<{ from: string; until: string }>(
          s,
          { method: 'POST', path: ratingStep('publicize') },
          () => button(publicizeQuestion, '发布公示').click(),
          `发布${YEAR}年度公示`,
        );
        const publicity = published.data;
        await ratingDrawer.locator('.ant-tag', { hasText: /^公示中$/ }).first().waitFor();
        await ratingDrawer.getByText(`${publicity.from} 至 ${publicity.until}`).first().waitFor();
        // The public reads it now, marked 公示中.
        const r = reader.page;
        await r.goto('/FrontPage/credit');
        await r.getByRole('link', { name: `${YEAR}年度（公示中）` }).waitFor();

        // The unit objects, with a file, during 公示.
        await u.goto(`/Manage/credit-rating?id=${ratingId}`);
        await scoreDrawer.getByText(`公示中：${publicity.from} 至 ${publicity.until}`).waitFor();
        await button(scoreDrawer, '提出异议').click();
        const objecting = u.getByRole('dialog', { name: `对${YEAR}年度信用评价提出异议` });
        await objecting.getByText(`本单位得分 ${initial.score} 分（${initial.tier} 级），公示期至 ${publicity.until}`).waitFor();
        await objecting.getByLabel('异议内容').fill(OBJECTION);
        await uploadIn(objecting, pngFile('整改情况说明.png', 203));
        await button(objecting, '提交异议').click();
        const objectQuestion = question(u, `提交对${YEAR}年度信用评价的异议？`);
        await objectQuestion.waitFor();
        await answerTo(u, { method: 'POST', path: ratingStep('objections') }, () => button(objectQuestion, '提交异议').click(), '提出异议');
        await objecting.waitFor({ state: 'detached' });
        const unitObjection = scoreDrawer.locator('.ant-card').filter({ has: u.locator('.ant-card-head-title', { hasText: /^异议$/ }) });
        await unitObjection.locator('.ant-tag', { hasText: /^待答复$/ }).waitFor();
        await unitObjection.getByText('整改情况说明.png').first().waitFor();
        // Once a year: the button is gone.
        expect(await button(scoreDrawer, '提出异议').count()).toBe(0);

        // Staff answer it: 异议不成立, the score stands.
        await s.goto(`/Manage/credit-rating?id=${ratingId}`);
        await ratingDrawer.getByRole('tab', { name: '异议（待答复 1）' }).click();
        // The tab shown (the hidden 单位得分 lists the unit too).
        const objections = ratingDrawer.getByRole('tabpanel');
        const objectionRow = objections.locator('tr.ant-table-row', { hasText: UNIT_NAME });
        await objectionRow.waitFor();
        await button(objectionRow, '答复').click();
        const answering = s.getByRole('dialog', { name: `答复「${UNIT_NAME}」对${YEAR}年度评价的异议` });
        await answering.getByText(OBJECTION).waitFor();
        await answering.getByRole('radio', { name: '异议不成立' }).check();
        await answering.getByLabel('答复意见').fill(OBJECTION_ANSWER);
        await button(answering, '提交答复').click();
        const answerQuestion = question(s, '提交答复？');
        await answerQuestion.waitFor();
        const answered = await answerTo<{ status: string; score: number; tier: string }>(
          s,
          { method: 'POST', path: /^\/api\/v1\/credit-objections\/[^/]+\/answer$/ },
          () => button(answerQuestion, '提交答复').click(),
          '答复异议',
        );
        expect(answered.data).toMatchObject({ status: 'rejected', score: initial.score, tier: initial.tier });
        await answering.waitFor({ state: 'detached' });
        await objectionRow.locator('.ant-tag', { hasText: /^异议不成立$/ }).waitFor();
        // Nothing waits for an answer now; 终评 waits for the window alone.
        await ratingDrawer.getByRole('tab', { name: '异议', exact: true }).waitFor();
        await ratingDrawer.locator('.ant-alert', { hasText: `公示期至 ${publicity.until}，公示期满后才能终评` }).waitFor();
        expect(await button(ratingDrawer, '终评').count(), '公示期未满不应能终评').toBe(0);

        // The unit reads the answer; its score is unchanged.
        await u.goto(`/Manage/credit-rating?id=${ratingId}`);
        await unitObjection.locator('.ant-tag', { hasText: /^异议不成立$/ }).waitFor();
        await unitObjection.getByText(OBJECTION_ANSWER).waitFor();
        await scoreDrawer.getByText(`= ${initial.score} 分`).waitFor();
        await scoreDrawer.locator('tr.ant-table-row', { hasText: complaintNo }).waitFor();

        // 7. Seven days pass (in the database: the server's clock is real), then 终评.
        const moved = movePublicityBack(ratingId, 8);
        expect(moved.until < publicity.from).toBe(true);
        await s.goto(`/Manage/credit-rating?id=${ratingId}`);
        await ratingDrawer.getByText(`${moved.from} 至 ${moved.until}`).first().waitFor();
        await button(ratingDrawer, '终评').click();
        const finalQuestion = question(s, `${YEAR}年度信用评价终评？`);
        await finalQuestion.waitFor();
        await answerTo(s, { method: 'POST', path: ratingStep('finalize') }, () => button(finalQuestion, '终评').click(), `${YEAR}年度终评`);
        await ratingDrawer.locator('.ant-descriptions-item-content .ant-tag', { hasText: /^终评$/ }).waitFor();
        expect(await button(ratingDrawer, '终评').count()).toBe(0);

        // 8. The public: this year first, final, the unit with its tier; its page in 会员之窗 too.
        await r.goto('/FrontPage/credit');
        await r.getByRole('link', { name: `${YEAR}年度`, exact: true }).and(r.locator('[aria-current="true"]')).waitFor();
        await r.getByText(`${YEAR}年度会员单位信用评价（终评）`).waitFor();
        const search = r.getByRole('search', { name: '按单位名称搜索信用评价结果' });
        await search.getByRole('searchbox').fill(UNIT_NAME);
        await search.getByRole('button', { name: /搜索/ }).click();
        const publicRow = r.locator('tr', { has: r.getByRole('rowheader', { name: UNIT_NAME }) });
        await publicRow.waitFor();
        await expect.poll(() => publicRow.locator('td').allInnerTexts()).toEqual([String(initial.score), CREDIT_TIER_LABELS[initial.tier]]);
        await publicRow.getByRole('link', { name: UNIT_NAME }).click();
        await r.waitForURL((url) => url.pathname === `/FrontPage/member-unit/${UNIT_ID}`);
        const tiers = r.getByRole('list', { name: '近三年终评信用等级' });
        const thisYear = tiers.getByRole('listitem').filter({ hasText: `${YEAR}年度` });
        await thisYear.waitFor();
        const shown = await thisYear.innerText();
        expect(shown).toContain(CREDIT_TIER_LABELS[initial.tier]);
        expect(shown).toContain(`${initial.score} 分`);

        for (const [who, watched] of all) expect(watched.errors, `${who}页面的错误`).toEqual([]);
      } finally {
        for (const [, watched] of all) await watched.context.close();
      }
    },
  );
});
