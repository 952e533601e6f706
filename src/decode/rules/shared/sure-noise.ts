/** A block the model is this sure is noise (p(other) at least this: "Back to the humour page", a menu line) stays noise when a rule brings back the text around it. */
export const SURE_NOISE_P_OTHER = 0.9;
