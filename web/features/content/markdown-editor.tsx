import MDEditor, { commands } from '@uiw/react-md-editor/nohighlight';
import '@uiw/react-md-editor/markdown-editor.css';
import type { ClipboardEvent, DragEvent } from 'react';

export interface MarkdownEditorProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** Uploads an image and returns its Markdown (`![alt](url)`), or null when it failed. */
  onImage(file: File): Promise<string | null>;
  /** The server-rendered preview of the current text. */
  previewHtml: string;
  previewEmpty: string;
  label: string;
  describedBy?: string;
}

function imagesOf(list: FileList | null | undefined): File[] {
  return [...(list ?? [])].filter((f) => f.type.startsWith('image/') || f.type === '');
}

/**
 * The Markdown editor (a lazy chunk, staff only): @uiw/react-md-editor's textarea with toolbar and
 * live preview, where the preview is the server's rendering (sanitised, highlighted) rather than
 * the library's own, so what the editor sees is what the public page shows. Images pasted or
 * dropped into the text are uploaded and inserted at the cursor.
 */
export default function MarkdownEditor({ id, value, onChange, onImage, previewHtml, previewEmpty, label, describedBy }: MarkdownEditorProps) {
  const insert = async (files: File[], target: HTMLTextAreaElement | null) => {
    const at = target?.selectionStart ?? value.length;
    const parts: string[] = [];
    for (const file of files) {
      const md = await onImage(file);
      if (md) parts.push(md);
    }
    if (parts.length === 0) return;
    const current = target?.value ?? value;
    const before = current.slice(0, at);
    const glue = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    onChange(`${before}${glue}${parts.join('\n\n')}\n\n${current.slice(at)}`);
  };
  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const files = imagesOf(e.clipboardData?.files);
    if (files.length === 0) return;
    e.preventDefault();
    void insert(files, e.target instanceof HTMLTextAreaElement ? e.target : null);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    const files = imagesOf(e.dataTransfer?.files);
    if (files.length === 0) return;
    e.preventDefault();
    void insert(files, e.target instanceof HTMLTextAreaElement ? e.target : null);
  };
  return (
    <div data-color-mode="light" className="md-editor">
      <MDEditor
        value={value}
        onChange={(v) => onChange(v ?? '')}
        height={520}
        preview="live"
        onPaste={onPaste}
        onDrop={onDrop}
        onDragOver={(e) => e.preventDefault()}
        commands={[commands.bold, commands.italic, commands.strikethrough, commands.divider, commands.title2, commands.title3, commands.divider, commands.link, commands.quote, commands.code, commands.codeBlock, commands.table, commands.divider, commands.unorderedListCommand, commands.orderedListCommand]}
        extraCommands={[commands.codeEdit, commands.codeLive, commands.codePreview]}
        textareaProps={{ id, 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }}
        components={{
          preview: () =>
            previewHtml ? <div className="article-body" dangerouslySetInnerHTML={{ __html: previewHtml }} /> : <p className="muted">{previewEmpty}</p>,
        }}
      />
    </div>
  );
}
