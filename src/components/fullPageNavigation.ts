/**
 * Full page loads, in one place so that tests can replace them (jsdom cannot navigate).
 * After a login the whole app must start again so that getInitialState reads the new user.
 */
export function goWithFullReload(url: string) {
  window.location.href = url;
}

export function reloadPage() {
  window.location.reload();
}
