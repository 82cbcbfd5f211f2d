import { chatbotDescription } from '../../entities/chatbot';
import { EntityForm } from '../../entity/EntityForm';
import type { RouteLocation } from '../../router/location';

/** /online/chatbot/edit?id={id}&_modal=small: the bot's form as its description says (entities/chatbot.ts). */
export function ChatbotEdit({ location }: { location: RouteLocation }) {
  return <EntityForm description={chatbotDescription} location={location} />;
}
