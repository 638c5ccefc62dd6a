/** Placeholder shell until the editor issue; points people at the API docs meanwhile. */
export function App() {
  return (
    <main>
      <h1>Forms Engine editor</h1>
      <p>
        The editor is not built yet. The management API is documented at <a href="/docs">/docs</a>.
      </p>
    </main>
  );
}
