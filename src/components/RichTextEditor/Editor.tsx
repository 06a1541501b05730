/**
 * The wangEditor 5 editor itself. Only ./index.tsx imports this module, lazily, so that the
 * editor and its CSS load with the first form that shows one, never with other pages.
 *
 * - value/onChange carry the stored HTML ('' when the editor is empty, so that `required`
 *   works), with this site's images as plain /api/v1/file/view/<fileId>; inside the editor
 *   they show through signed addresses (an unpublished article's images are not public yet,
 *   and an <img> sends no token), see ./images.ts;
 * - chosen, dropped and pasted image files are hashed and uploaded (uploadOne) and inserted;
 * - images that arrive inline (data:/blob: in pasted HTML, or typed in as an address) are
 *   uploaded the same way after they land, and their src replaced; one that cannot be read
 *   is removed with a message;
 * - video is neither offered nor pasted (the server strips it anyway).
 */
import '@wangeditor/editor/dist/css/style.css';
import {
  SlateEditor,
  SlateElement,
  SlateTransforms,
  type IDomEditor,
  type IEditorConfig,
  type IToolbarConfig,
  type SlatePath,
} from '@wangeditor/editor';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import { App, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  EDITOR_IMAGE_MAX_BYTES,
  fileViewUrl,
  inlineImageToFile,
  isAllowedImageSrc,
  isInlineImageSrc,
  signedViewUrls,
  signFileUrls,
  unsignFileUrls,
  uploadEditorImage,
} from './images';
import type { RichTextEditorProps } from './types';

type ImageNode = { type: 'image'; src?: string };

function isImage(node: unknown): node is ImageNode {
  return SlateElement.isElement(node) && (node as { type?: unknown }).type === 'image';
}

/** The paths of the image nodes whose src is `src`. */
function imagePaths(editor: IDomEditor, src: string): SlatePath[] {
  return Array.from(SlateEditor.nodes(editor, { at: [], match: (n) => isImage(n) && n.src === src }), ([, path]) => path);
}

/**
 * Slate's node type knows nothing of wangEditor's image fields, hence the one cast: `src`
 * is the image element's own field (see @wangeditor/basic-modules image).
 */
function setImageSrc(editor: IDomEditor, path: SlatePath, src: string) {
  SlateTransforms.setNodes(editor, { src } as Parameters<typeof SlateTransforms.setNodes>[1], { at: path });
}

/** An uploaded image's address to show now: signed, else the plain one. */
async function displayUrl(fileId: string): Promise<string> {
  try {
    return (await signedViewUrls([fileId])).get(fileId) ?? fileViewUrl(fileId);
  } catch {
    return fileViewUrl(fileId);
  }
}

const TOOLBAR: Partial<IToolbarConfig> = {
  // No video (the server strips it), no full screen (the editor lives in a drawer), and
  // nothing the server's allow-list would drop (to-do checkboxes, font families).
  excludeKeys: ['group-video', 'insertVideo', 'uploadVideo', 'editVideoSize', 'fullScreen', 'todo', 'fontFamily'],
};

/** Pasted HTML without video and embedded frames (they would become video nodes). */
function withoutVideo(html: string): string {
  return html
    .replace(/<(video|iframe|embed|object)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<(video|iframe|embed|object)\b[^>]*\/?>/gi, '');
}

/** The editor's content as the form stores it. */
function storedHtml(editor: IDomEditor): string {
  return editor.isEmpty() ? '' : unsignFileUrls(editor.getHtml());
}

export default function RichTextEditorImpl({ value, onChange, placeholder, height = 460, disabled, id }: RichTextEditorProps) {
  const { message } = App.useApp();
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  /** The first content, with signed image addresses; the editor is created once it is ready. */
  const [initialHtml, setInitialHtml] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The last value this editor emitted (or was given): another one comes from outside. */
  const emitted = useRef(value ?? '');
  const pending = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    void signFileUrls(value ?? '').then((html) => live && setInitialHtml(html));
    return () => {
      live = false;
    };
    // Only the first value: later ones are set into the live editor below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (a form reset, a reloaded record) replaces the content.
  useEffect(() => {
    const next = value ?? '';
    if (!editor || next === emitted.current) return undefined;
    emitted.current = next;
    let live = true;
    void signFileUrls(next).then((html) => {
      if (live && !editor.isDestroyed) editor.setHtml(html);
    });
    return () => {
      live = false;
    };
  }, [editor, value]);

  // wangEditor must be destroyed by its owner when the form goes away.
  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );

  useEffect(() => {
    if (!editor) return;
    if (disabled) editor.disable();
    else editor.enable();
  }, [editor, disabled]);

  const config = useMemo<Partial<IEditorConfig>>(() => {
    /** Uploads the inline images that landed in the editor and points them at the file. */
    const uploadInlineImages = (ed: IDomEditor) => {
      const sources = new Set<string>();
      for (const node of ed.getElemsByType('image')) {
        const src = isImage(node) ? node.src : undefined;
        if (isInlineImageSrc(src) && !pending.current.has(src)) sources.add(src);
      }
      let index = 0;
      for (const src of sources) {
        index += 1;
        pending.current.add(src);
        inlineImageToFile(src, index)
          .then((file) => uploadEditorImage(file))
          .then(displayUrl)
          .then((url) => {
            if (ed.isDestroyed) return;
            for (const path of imagePaths(ed, src)) setImageSrc(ed, path, url);
          })
          .catch(() => {
            if (ed.isDestroyed) return;
            for (const path of imagePaths(ed, src).reverse()) SlateTransforms.removeNodes(ed, { at: path });
            message.error('有一张粘贴的图片无法读取，已移除，请另存为文件后用“上传图片”插入');
          })
          .finally(() => pending.current.delete(src));
      }
    };

    return {
      placeholder: placeholder ?? '请输入正文…',
      readOnly: !!disabled,
      MENU_CONF: {
        uploadImage: {
          maxFileSize: EDITOR_IMAGE_MAX_BYTES,
          allowedFileTypes: ['image/*'],
          async customUpload(file: File, insertFn: (url: string, alt: string, href: string) => void) {
            if (file.size > EDITOR_IMAGE_MAX_BYTES) {
              message.error(`图片「${file.name}」超过 10 MB，无法上传`);
              return;
            }
            try {
              const fileId = await uploadEditorImage(file);
              insertFn(await displayUrl(fileId), file.name.replace(/\.[^.]+$/, ''), '');
            } catch {
              // The request layer has said why.
            }
          },
        },
        insertImage: {
          checkImage: (src: string) =>
            isAllowedImageSrc(src) || isInlineImageSrc(src) ? true : '图片地址须以 http://、https:// 或 / 开头',
        },
      },
      customAlert: (info: string, type: string) => {
        if (type === 'error') message.error(info);
        else if (type === 'warning') message.warning(info);
        else message.info(info);
      },
      customPaste: (ed: IDomEditor, event: ClipboardEvent) => {
        const html = event.clipboardData?.getData('text/html') ?? '';
        if (!/<(video|iframe|embed|object)\b/i.test(html)) return true;
        ed.dangerouslyInsertHtml(withoutVideo(html));
        event.preventDefault();
        return false;
      },
      onChange: (ed: IDomEditor) => uploadInlineImages(ed),
    };
    // The editor reads its configuration once, when it is created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="rich-text-editor" id={id} style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      {initialHtml === null ? (
        <div style={{ padding: 12, minHeight: height + 40 }}>
          <Skeleton active paragraph={{ rows: Math.max(3, Math.floor(height / 60)) }} />
        </div>
      ) : (
        <>
          <Toolbar editor={editor} defaultConfig={TOOLBAR} mode="default" style={{ borderBottom: '1px solid #d9d9d9' }} />
          <Editor
            defaultConfig={config}
            defaultHtml={initialHtml}
            onCreated={setEditor}
            onChange={(ed) => {
              const html = storedHtml(ed);
              if (html === emitted.current) return;
              emitted.current = html;
              onChangeRef.current?.(html);
            }}
            mode="default"
            style={{ height, overflowY: 'hidden' }}
          />
        </>
      )}
    </div>
  );
}
