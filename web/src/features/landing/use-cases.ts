import { Briefcase, Heart, Lightbulb, Mic, Plane, Sparkles, TrendingUp, type LucideIcon } from "lucide-react";

/** One of the landing page's four use cases (SPEC §1): a title, a description, four benefits, four example recordings. */
export type UseCase = {
  key: "work" | "personal" | "creative" | "travel";
  title: string;
  /** Short label for the tab selector, which has little room on a phone. */
  tabLabel: string;
  icon: LucideIcon;
  /** Tints the tab's icon and the example cards; each is dark enough for text on white. */
  accent: string;
  description: string;
  benefits: readonly [string, string, string, string];
  examples: readonly [string, string, string, string];
};

/** The tab shown first (SPEC §2: default "work"). */
export const DEFAULT_USE_CASE: UseCase["key"] = "work";

export const USE_CASES: readonly UseCase[] = [
  {
    key: "work",
    title: "Professional Growth",
    tabLabel: "Work",
    icon: Briefcase,
    accent: "#2563eb",
    description:
      "Turn the busy working day into a clear record. Talk through meetings, decisions and ideas on the way out of the room, and let the weekly summary show what moved forward.",
    benefits: [
      "Capture meeting takeaways before they fade",
      "See progress on projects week by week",
      "Prepare for reviews with a real record of your wins",
      "Spot recurring blockers and patterns early",
    ],
    examples: [
      "The client call went well: they want the proposal by Friday and a smaller first phase.",
      "Idea for the onboarding flow: skip the tour and show one example project instead.",
      "Blocked again on the staging database. Ask the platform team about access tomorrow.",
      "Shipped the billing fix today. The support queue is already quieter.",
    ],
  },
  {
    key: "personal",
    title: "Personal Development",
    tabLabel: "Personal",
    icon: Heart,
    accent: "#db2777",
    description:
      "Reflect out loud for two minutes a day. Speaking is faster and more honest than writing, and the summaries help you see how your habits and moods change over time.",
    benefits: [
      "Build a daily reflection habit that takes minutes",
      "Notice what lifts your mood and what drains it",
      "Track goals and the small steps toward them",
      "Look back on a month and see how far you came",
    ],
    examples: [
      "Slept badly again. I think the late coffee is the culprit, trying without it this week.",
      "Went for a run before work and felt focused all morning. Want to keep that going.",
      "Grateful today for the long talk with my sister. We should do that more often.",
      "This month's goal: read twenty pages every evening instead of scrolling.",
    ],
  },
  {
    key: "creative",
    title: "Creative Innovation",
    tabLabel: "Creative",
    icon: Lightbulb,
    accent: "#7c3aed",
    description:
      "Ideas arrive at inconvenient moments. Catch them by voice while walking, cooking or falling asleep, and let the AI connect the sparks into themes you can build on.",
    benefits: [
      "Never lose an idea that arrives on the move",
      "Find connections between scattered thoughts",
      "Keep story, song and design drafts in one place",
      "Turn a week of fragments into a clear direction",
    ],
    examples: [
      "Story idea: a lighthouse keeper who receives letters from the future.",
      "The chorus could drop to half time before the last repeat. Try it tonight.",
      "Colour palette from the market this morning: rust, olive and pale blue.",
      "What if the app greeted people with their own voice note from a year ago?",
    ],
  },
  {
    key: "travel",
    title: "Travel Diary",
    tabLabel: "Travel",
    icon: Plane,
    accent: "#d97706",
    description:
      "Keep the little moments of a trip that photos miss. Record a minute at the end of each day and come home with a diary that writes itself.",
    benefits: [
      "Remember names, places and the stories behind them",
      "Record hands-free while you walk and explore",
      "Get a summary of each day and of the whole trip",
      "Share the highlights with friends when you return",
    ],
    examples: [
      "Day three in Lisbon: the tram up to the castle was worth the queue.",
      "Our guide Marta recommended the small fish restaurant behind the market.",
      "Missed the ferry but found a beach with nobody on it. Best mistake of the trip.",
      "Note for next time: the mountain pass closes at six, leave earlier.",
    ],
  },
];

/** The three-step process (SPEC §1): speak naturally, the AI understands, knowledge grows. */
export const STEPS: readonly { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Speak naturally",
    text: "Tap record and talk as you would to a friend. No typing, no formatting, from your phone or your desk.",
    icon: Mic,
  },
  {
    title: "AI understands",
    text: "Every recording is transcribed automatically and sorted into the collection and the day it belongs to.",
    icon: Sparkles,
  },
  {
    title: "Knowledge grows",
    text: "Daily, weekly and monthly summaries bring out the themes, patterns and progress in what you said.",
    icon: TrendingUp,
  },
];
