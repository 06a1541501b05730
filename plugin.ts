/**
 * Umi loads this root plugin on its own. The HTML template has no `lang` (screen readers
 * and search engines need zh-CN) and no config option sets it.
 */
import type { IApi } from '@umijs/max';

export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('html').attr('lang', 'zh-CN');
    return $;
  });
};
