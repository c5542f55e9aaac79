import { site } from "#app/content/site.ts";
import { requiredFieldsMessage } from "#app/lib/contact-fields.ts";

export const contactCopy = {
  meta: {
    title: "Contact Us",
    description:
      "Questions about founder-led content, pricing or a partnership? Send Northstory a message or write to our sales team in Durham, NC. We reply within one business day.",
  },
  headline: "Drop us a line.",
  subtitle: "We'd love to hear from you.",
  formTitle: "Get in Touch",
  formIntro: "Tell us a little about your company and what you want your content to achieve.",
  mapTitle: "Find Us",
  mapIntro: "Our office is in downtown Durham, a short walk from the American Tobacco Campus.",
  mapButton: "Show the map",
  mapNote: "Loading the map sends a request to Google Maps.",
  mapLink: "Open in Google Maps",
  officeTitle: "Office Information",
  officeHours: "Monday to Friday, 9 am to 5 pm Eastern",
  salesLabel: "Sales",
  labels: { name: "Name *", email: "Email *", message: "Message *" },
  submit: "Send Message",
  /** Shown under the form; also the consent text passed on with the lead to the CRM. */
  consentNotice:
    "By sending this form you agree that Northstory keeps your name, email address and message, with where your visit came from, to answer you.",
  privacyLink: "Privacy Policy",
  submitting: "Sending Message...",
  /** Stays under the form's button once a message is stored, after its toast has gone. */
  received: "Thank you: your message is with our sales team, and we reply within one business day.",
  toasts: {
    invalid: { title: requiredFieldsMessage },
    success: {
      title: "Message Sent Successfully!",
      description: "Thanks for reaching out. We'll get back to you as soon as possible!",
    },
    failure: {
      title: "Failed to Send Message",
      description: `There was an error sending your message. Please try again or contact us directly at ${site.email}.`,
    },
    expired: {
      title: "This form has expired",
      description: "Please reload the page and send your message again.",
    },
    rateLimited: {
      title: "Too many messages",
      description: `You've sent several messages in a short time. Please wait a few minutes and try again, or write to us at ${site.email}.`,
    },
  },
} as const;
