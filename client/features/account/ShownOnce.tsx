import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';

/**
 * A credential shown this once (an API key, a webhook signing secret): the server keeps only a
 * hash or never shows it again, so the card offers a copy and a Done that hides it for good.
 */
export function ShownOnce(props: {
  /** Prefix of the element ids ("new-api-key"). */
  id: string;
  title: ReactNode;
  note: ReactNode;
  /** What it is, for the field's label and the messages ("key", "signing secret"). */
  noun: string;
  label: string;
  value: string;
  onDone: () => void;
}) {
  const { id, noun } = props;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      toast({ title: 'Copied', description: `The ${noun} is on your clipboard.` });
    } catch {
      toast({
        title: 'Copy failed',
        description: `Select the ${noun} and copy it by hand.`,
        variant: 'destructive',
      });
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-md border border-border bg-subtle p-4">
      <h3 id={`${id}-title`} className="font-medium">
        {props.title}
      </h3>
      <p className="mt-1 text-sm">{props.note}</p>
      <Label htmlFor={id} className="sr-only">
        {props.label}
      </Label>
      <Input id={id} readOnly value={props.value} className="mt-2 font-mono text-xs" />
      <div className="mt-2 flex gap-2">
        <Button size="sm" onClick={copy}>
          <Copy size={16} aria-hidden />
          Copy {noun.split(' ').at(-1)}
        </Button>
        <Button size="sm" variant="secondary" onClick={props.onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
