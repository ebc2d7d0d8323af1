import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from '../support/axe.ts';

/*
 * Issues 19 and 22: the Financials tab as a reader uses it, at desktop and phone size, one page load
 * each. The table shows every fiscal year the API has with the API's own figures; the chosen statement
 * and period live in the URL and Back undoes them; the margins chart is drawn; costs rising read as
 * unfavourable; the statements as filed on an earlier day, and back; a demo company's value opens its
 * demo filing view; axe finds nothing serious.
 */
const STOCK = 'SOLQ';
/** A demo company with restated values (demo/kind-statements.ts demoRestatements: its ticker's code is a multiple of 3). */
const RESTATED = 'ZFAB';
const VIEWS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

interface Period {
  fiscalYear: number;
  fiscalPeriod: string;
  periodEnd: string;
  values: Record<string, number | null>;
  firstFiled?: Record<string, FirstFiled>;
}
interface FirstFiled {
  value: number;
  accession: string | null;
  filed: string | null;
  latestFiled: string | null;
}
interface Answer {
  series: { currency: string; periods: Period[] }[];
}

/** A compact amount as the page writes it in English ("$8.37B"), "—" for none. */
const compact = (currency: string) => {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (value: number | null) => (value === null || value === 0 ? '—' : format.format(value));
};

/** The line names and the trend (hidden on a phone) come before the periods. */
const LEAD_COLUMNS = 2;

/**
 * The period cells drawn in a row (the table draws the periods in view, issue 33), each with its place
 * among the periods (its aria-colindex less the columns before them), newest first.
 */
const drawnPeriods = (cells: Locator) =>
  cells.evaluateAll(
    (elements, lead) =>
      elements.map((cell) => [Number(cell.getAttribute('aria-colindex')) - lead - 1, cell.textContent ?? ''] as const),
    LEAD_COLUMNS,
  );

/** The period cells of a line's row (by its exact name: not its growth row, not "Net income to common"). */
const rowValues = (table: Locator, line: string) =>
  drawnPeriods(
    table
      .locator('tbody tr')
      .filter({ has: table.page().getByRole('rowheader', { name: line, exact: true }) })
      .locator('td.num'),
  );

/** Switches the statement or the period: buttons on a desktop, the selects on a phone (buttons hidden there). */
async function choose(page: Page, phone: boolean, control: 'Statement' | 'Period', name: string): Promise<void> {
  if (phone) await page.getByRole('combobox', { name: control }).selectOption({ label: name });
  else await page.getByRole('button', { name, exact: true }).click();
}

// One page load per view, but many steps and two axe runs: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

for (const [view, viewport] of Object.entries(VIEWS)) {
  test(`financials tab on a ${view}: API figures in the table, URL state with Back, chart, demo filing, axe`, async ({
    browser,
    request,
  }) => {
    const phone = viewport.width < 600;
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`/stocks/${STOCK}/financials`);
    const table = page.getByRole('table', { name: /Income statement of SOLQ/ });
    // A fresh server loads the demo universe in the background at first: give the first answer time.
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });

    // The first figure is in view without scrolling (issue 22), also on a phone, and the table scrolls
    // inside its panel, never the page.
    await expect(table.locator('td.num').first()).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Every fiscal year of the API, newest first, with its figures.
    const answer: Answer = await (await request.get(`/api/data/financials/income-statement?tickers=${STOCK}`)).json();
    const [series] = answer.series;
    if (!series) throw new Error('no income statement for SOLQ');
    const periods = [...series.periods].reverse();
    expect(periods.length).toBeGreaterThan(10);
    // The periods in view are drawn, each in its place among all of them (aria-colindex, aria-colcount).
    await expect(table).toHaveAttribute('aria-colcount', String(periods.length + LEAD_COLUMNS));
    const headers = await drawnPeriods(table.locator('thead th[aria-colindex]').filter({ hasText: /^FY / }));
    expect(headers.length).toBeGreaterThanOrEqual(3);
    expect(headers[0]?.[0]).toBe(0);
    expect(headers).toEqual(headers.map(([at]) => [at, `FY ${periods[at]?.fiscalYear}`]));
    const money = compact(series.currency);
    for (const [line, metric] of [
      ['Revenue', 'revenue'],
      ['Net income', 'netIncome'],
      ['Interest expense', 'interestExpense'],
    ] as const) {
      const values = await rowValues(table, line);
      expect(
        values.map(([at]) => at),
        line,
      ).toEqual(headers.map(([at]) => at));
      expect(values, line).toEqual(values.map(([at]) => [at, money(periods[at]?.values[metric] ?? null)]));
    }
    await expect(page.getByText(`Amounts in ${series.currency}, abbreviated`)).toBeVisible();

    // Colours by meaning: the demo company's interest expense rises, which is unfavourable.
    const interestGrowth = table.getByRole('row', { name: /^Interest expense: growth/ });
    await expect(interestGrowth.locator('.financials__growth--bad').first()).toBeVisible();
    await expect(interestGrowth.locator('.financials__growth--good')).toHaveCount(0);

    // Statement and period in the URL; Back undoes each change.
    await choose(page, phone, 'Statement', 'Margins');
    await expect(page).toHaveURL(/\/financials\?statement=margins$/);
    const margins = page.getByRole('table', { name: /Margins of SOLQ/ });
    await expect(margins).toBeVisible();
    await expect(page.getByText('Ratios and margins in %.', { exact: false })).toBeVisible();
    await expect(page.getByText(/Amounts in/)).toHaveCount(0);
    // The chart is drawn, over the same years as the table.
    const chart = page.locator('.financials__chart');
    // Made when it comes near the window (web/src/ui/near-viewport.ts): on a phone it is a screen down.
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas').first()).toBeVisible();
    expect((await chart.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    await expect(page.locator('.financials__chart').getByText('Gross margin')).toBeVisible();
    // Issue 33: the margins chart had one value label; at least four now, and three dates (phone too).
    const frame = chart.locator('[data-chart-frame]');
    await expect
      .poll(() => frame.evaluate((element: HTMLElement) => Number(element.dataset.axesWidth) === element.clientWidth))
      .toBe(true);
    expect(
      await frame.locator('.chart-label:not(.chart-label--x):not(.chart-label--badge)').count(),
    ).toBeGreaterThanOrEqual(4);
    expect(await frame.locator('.chart-label--x').count()).toBeGreaterThanOrEqual(3);
    await choose(page, phone, 'Period', 'Quarterly');
    await expect(page).toHaveURL(/\?statement=margins&period=quarterly$/);
    await expect(
      page
        .getByRole('table', { name: /Margins of SOLQ/ })
        .getByRole('columnheader')
        .nth(phone ? 1 : 2),
    ).toHaveText(/^Q[1-4] \d{4}$/);
    // Issue 33: every quarter on request, drawn as a window of the quarters in view. The table says its
    // whole column count; scrolled to its end, the oldest quarter is there, whole in the box, level with
    // its row's label.
    const showAll = page.getByRole('button', { name: /^Show all \d+ quarters$/ });
    const total = Number(/\d+/.exec((await showAll.textContent()) ?? '')?.[0]);
    await showAll.click();
    const quarters = page.getByRole('table', { name: /Margins of SOLQ/ });
    // The line names and the trend (hidden on a phone) come first.
    await expect(quarters).toHaveAttribute('aria-colcount', String(total + LEAD_COLUMNS));
    expect(await quarters.getByRole('columnheader').count()).toBeLessThan(total / 2);
    const quarterBox = page.locator('.financials__scroll .data-table__scroll');
    await quarterBox.evaluate((box) => {
      box.scrollLeft = box.scrollWidth;
    });
    const oldestQuarter = quarters.getByRole('columnheader').last();
    await expect(oldestQuarter).toHaveAttribute('aria-colindex', String(total + LEAD_COLUMNS));
    const grossMargin = quarters.getByRole('row', { name: /^Gross margin/ });
    const [quarterCell, quarterLabel, quarterView] = await Promise.all([
      grossMargin.locator('td').last().boundingBox(),
      grossMargin.getByRole('rowheader').boundingBox(),
      quarterBox.boundingBox(),
    ]);
    if (!quarterCell || !quarterLabel || !quarterView) throw new Error('the quarterly table is not laid out');
    expect(quarterCell.x).toBeGreaterThanOrEqual(quarterView.x);
    expect(quarterCell.x + quarterCell.width).toBeLessThanOrEqual(quarterView.x + quarterView.width + 0.5);
    expect(Math.abs(quarterCell.y - quarterLabel.y)).toBeLessThanOrEqual(0.5);
    await page.goBack();
    await expect(page).toHaveURL(/\?statement=margins$/);
    if (phone) await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('annual');
    else
      await expect(page.getByRole('button', { name: 'Annual', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/stocks/${STOCK}/financials$`));
    await expect(page.getByRole('table', { name: /Income statement of SOLQ/ })).toBeVisible();

    // Issue 32, as filed on a day: a month after the newest year's end its report was not filed yet, so
    // the table ends a year earlier, a notice says which day is shown, and one button leads back.
    const newestEnd = periods[0]?.periodEnd ?? '';
    const filedDay = new Date(Date.parse(`${newestEnd}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('As filed on').fill(filedDay);
    await expect(page).toHaveURL(new RegExp(`/financials\\?asOf=${filedDay}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Statements as filed on' })).toBeVisible();
    const asFiled = page.getByRole('table', { name: /Income statement of SOLQ/ });
    await expect(asFiled.getByRole('columnheader').nth(phone ? 1 : 2)).toHaveText(`FY ${periods[1]?.fiscalYear}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Back to the latest' }).click();
    await expect(page).toHaveURL(new RegExp(`/stocks/${STOCK}/financials$`));
    await expect(page.getByRole('status').filter({ hasText: 'Statements as filed on' })).toHaveCount(0);
    await expect(table.getByRole('columnheader').nth(phone ? 1 : 2)).toHaveText(`FY ${periods[0]?.fiscalYear}`);

    // A demo company's value opens its demo filing view, marked as demo; Escape closes it (Back).
    await table
      .getByRole('row', { name: /^Revenue(?!:)/ })
      .getByRole('link')
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Demo filing of ${STOCK}, FY ${periods[0]?.fiscalYear}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Demo data', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /^Revenue/ })).toContainText(
      money(periods[0]?.values.revenue ?? null),
    );
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/stocks/${STOCK}/financials$`));

    expect(describeViolations(await axeViolations(page))).toBe('');

    // Capital allocation (issue 22: cut off at 1440 px): no cell cuts its text, the page does not scroll
    // sideways, the table scrolls inside its panel to its oldest year, and a fade marks the edge while
    // more years are out of sight.
    await choose(page, phone, 'Statement', 'Capital allocation');
    const allocation = page.getByRole('table', { name: /Capital allocation of SOLQ/ });
    await expect(allocation.getByRole('rowheader', { name: 'Dividends, % of operating cash flow' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const scroller = page.locator('.financials__scroll');
    const layout = await scroller.evaluate((wrapper) => {
      const box = wrapper.querySelector<HTMLElement>('.data-table__scroll');
      const panel = wrapper.closest('.panel');
      if (!box || !panel) throw new Error('no scroll box in a panel');
      return {
        cut: Array.from(box.querySelectorAll('th, td'))
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent),
        overPanel: box.getBoundingClientRect().right - panel.getBoundingClientRect().right,
        hidden: box.scrollWidth - box.clientWidth,
      };
    });
    expect(layout.cut).toEqual([]);
    expect(layout.overPanel).toBeLessThanOrEqual(0.5);
    // Twenty fiscal years are wider than both screens.
    expect(layout.hidden).toBeGreaterThan(0);
    await expect(scroller).toHaveAttribute('data-more-end', 'true');
    await scroller.locator('.data-table__scroll').evaluate((box) => {
      box.scrollLeft = box.scrollWidth;
    });
    await expect(scroller).not.toHaveAttribute('data-more-end');
    // Scrolled to its end, the oldest year shows whole inside the box.
    const oldest = allocation.getByRole('columnheader').last();
    await expect(oldest).toHaveText(/^FY \d{4}$/);
    const [cell, box] = await Promise.all([
      oldest.boundingBox(),
      scroller.locator('.data-table__scroll').boundingBox(),
    ]);
    expect(cell && box && cell.x >= box.x && cell.x + cell.width <= box.x + box.width + 0.5).toBe(true);

    // Issue 32, in the same page (the header's search, no new load): a value a later filing changed carries a
    // marker; it opens both values, both filings with their days (demo data: no SEC link) and the change. The
    // demo restates the revenue and net income of the year before last of one company in three, ZFAB among them.
    await page.getByRole('combobox', { name: 'Search stocks and crypto by ticker or name' }).fill(RESTATED);
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
    await page.getByRole('tab', { name: 'Financials' }).click();
    const restatedTable = page.getByRole('table', { name: new RegExp(`Income statement of ${RESTATED}`) });
    await expect(restatedTable).toBeVisible();
    const income: Answer = await (
      await request.get(`/api/data/financials/income-statement?tickers=${RESTATED}`)
    ).json();
    const changed = income.series[0]?.periods.find((p) => p.firstFiled?.revenue);
    const first = changed?.firstFiled?.revenue;
    if (!changed || !first) throw new Error(`no restated revenue for ${RESTATED}`);
    const restatedMoney = compact(income.series[0]?.currency ?? 'USD');
    const marker = restatedTable.getByRole('button', {
      name: `Revenue, FY ${changed.fiscalYear}: restated by a later filing`,
    });
    await expect(marker).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: the marker is a button in the tab order; Enter opens its panel.
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(marker).toHaveAttribute('aria-expanded', 'true');
    const popover = page.locator(`[id="${await marker.getAttribute('aria-controls')}"]`);
    await expect(popover).toBeVisible();
    await expect(popover).toBeInViewport();
    const dd = await popover.locator('dd').allTextContents();
    const day = (iso: string | null) =>
      iso ? new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }) : '';
    expect(dd.slice(0, 4)).toEqual([
      restatedMoney(first.value),
      `filed ${day(first.filed)}`,
      restatedMoney(changed.values.revenue ?? null),
      `filed ${day(first.latestFiled)}`,
    ]);
    await expect(popover.getByRole('link')).toHaveCount(0);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(marker).toBeFocused();
    // A tap (a click on a phone) opens it too; a press outside closes it.
    await marker.click();
    await expect(popover).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(popover).toBeHidden();
    await context.close();
  });
}
