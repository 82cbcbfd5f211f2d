// the demo's AI platform, chatbots and the lines they serve join the first start's seeding (seed-store runs them)
import '../../seed/demo-lines.js';

export { chatbotRoutes } from './chatbot-routes.js';
