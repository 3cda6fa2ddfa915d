// The environment that makes a commit Xihe's: authored and committed by the App at an injected time
// (no clock read here), so the same inputs give the same commit.
export interface GitIdentity {
  name: string;
  email: string;
}

export function commitIdentityEnv(identity: GitIdentity, at: Date): Record<string, string> {
  const date = at.toISOString();
  return {
    GIT_AUTHOR_NAME: identity.name,
    GIT_AUTHOR_EMAIL: identity.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: identity.name,
    GIT_COMMITTER_EMAIL: identity.email,
    GIT_COMMITTER_DATE: date,
  };
}
