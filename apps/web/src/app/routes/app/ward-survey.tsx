import { useSearchParams } from 'react-router';
import { recordIdOf } from '../../../features/reports/components/record-id';
import { SurveyRecorder } from '../../../features/surveys/components/survey-recorder';

/** /ward/survey?ward=3&survey=…: recording a survey walk in ward 3 (a new one without `survey`). */
export default function WardSurveyRoute() {
  const [params] = useSearchParams();
  const survey = params.get('survey');
  return <SurveyRecorder wardId={recordIdOf(new URLSearchParams({ id: params.get('ward') ?? '' }))} surveyUid={survey && /^[A-Za-z0-9_-]{8,64}$/.test(survey) ? survey : null} />;
}
