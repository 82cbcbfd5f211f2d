export { chatbotRoutes } from './chatbot-routes.js';
