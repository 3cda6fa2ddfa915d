export default [{ files: ["src/**/*.js"], rules: { "prefer-const": "error", eqeqeq: "error" } }];
