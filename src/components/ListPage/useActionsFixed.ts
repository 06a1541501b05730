import { Grid } from 'antd';

/**
 * Where a list's 操作 column sits: fixed at the right edge from tablet width up, so that the
 * buttons stay in reach while the table scrolls sideways; on a phone it scrolls with the row,
 * since a fixed column there would cover the whole screen and hide what the buttons act on.
 */
export function useActionsFixed(): 'right' | undefined {
  const screens = Grid.useBreakpoint();
  return screens.md ? 'right' : undefined;
}
