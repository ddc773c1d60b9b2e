// Panda CSS generates the used utilities and recipes into the `@layer` rules of src/app/index.css.
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
}
