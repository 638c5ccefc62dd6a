import type { QuestionProps } from '../field';
import { TextInput } from './text-input';

export function Url(props: QuestionProps<'URL'>) {
  return <TextInput {...props} type="url" />;
}
