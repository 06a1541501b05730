/** The dictionaries an expert is described with: gender, professional title, specialty, category. */
import { useDictionaries, type Dictionaries } from '@/hooks/useDictionaries';

export type ExpertDicts = Dictionaries<'gender' | 'professional_title' | 'specialty' | 'expert_category'>;

export function useExpertDicts(): ExpertDicts {
  return useDictionaries('gender', 'professional_title', 'specialty', 'expert_category');
}
