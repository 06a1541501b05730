/**
 * Full page loads, in one place. After a login the whole app must start again so that
 * getInitialState reads the new user; a failed chunk needs a fresh index.html.
 * An object rather than bare functions so that tests can spy on it (the test DOM cannot navigate),
 * whichever module imported it first.
 */
export const fullPage = {
  go(url: string) {
    window.location.href = url;
  },
  reload() {
    window.location.reload();
  },
};
