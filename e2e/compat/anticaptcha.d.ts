/** The part of @antiadmin/anticaptchaofficial (plain JS, no types) the compat specs use. */
declare module '@antiadmin/anticaptchaofficial' {
  interface AntiCaptchaClient {
    settings: {
      clientKey: string;
      /** Seconds before the first getTaskResult (default 5). */
      firstAttemptWaitingInterval: number;
      /** Seconds between getTaskResult calls (default 2). */
      normalWaitingInterval: number;
      languagePool: string;
      comment: string | null;
      isVerbose: boolean;
      softId: number;
    };
    session: { taskId: number; userAgent: string | null; cookies: unknown };
    setAPIKey(key: string): void;
    shutUp(): void;
    getBalance(): Promise<number>;
    solveImage(body: string): Promise<string>;
    reportIncorrectImageCaptcha(): Promise<boolean>;
    solveImageToCoordinates(body: string, comment: string, mode?: 'points' | 'rectangles'): Promise<number[][]>;
    solveRecaptchaV2Proxyless(websiteURL: string, websiteKey: string, isInvisible?: boolean): Promise<string>;
    reportIncorrectRecaptcha(): Promise<boolean>;
  }
  const client: AntiCaptchaClient;
  export default client;
}
