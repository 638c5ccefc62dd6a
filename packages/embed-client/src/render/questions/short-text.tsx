import type { QuestionProps } from '../field';
import { TextInput } from './text-input';

export function ShortText(props: QuestionProps<'SHORT_TEXT'>) {
  return <TextInput {...props} type="text" />;
}
