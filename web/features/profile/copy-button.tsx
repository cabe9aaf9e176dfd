/** Moved to web/components/ui (the payments feature copies addresses with it too). */
export { CopyButton, type CopyButtonProps } from '#web/components/ui/copy-button.tsx';
