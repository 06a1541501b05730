/**
 * Full page loads, in one place. After a login the whole app must start again so that
 * getInitialState reads the new user; a failed chunk needs a fresh index.html.
 * An object rather than bare functions so that tests can spy on it (the test DOM cannot navigate),
 * whichever module imported it first.
 *
 * `leavingSince` records when a full load was asked for: the page is about to be replaced, so the
 * request layer holds the calls started after it (src/request/config.ts).
 */
export const fullPage = {
  /** When the last full load was asked for (Date.now()), or 0. */
  leavingSince: 0,
  go(url: string) {
    fullPage.leavingSince = Date.now();
    window.location.href = url;
  },
  reload() {
    fullPage.leavingSince = Date.now();
    window.location.reload();
  },
};
