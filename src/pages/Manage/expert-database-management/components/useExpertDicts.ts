/** The dictionaries an expert is described with: gender, professional title, specialty. */
import { useDictionaries, type Dictionaries } from '@/hooks/useDictionaries';

export type ExpertDicts = Dictionaries<'gender' | 'professional_title' | 'specialty'>;

export function useExpertDicts(): ExpertDicts {
  return useDictionaries('gender', 'professional_title', 'specialty');
}
