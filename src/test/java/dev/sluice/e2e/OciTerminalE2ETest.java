package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Terminals, the way containerd's shim and conmon get them: {@code process.terminal} (or {@code
 * exec --tty}) with {@code --console-socket}. {@code sluice-console} (src/test/c) listens on the
 * socket, receives the pty master (one message, its name and one fd), types a line into it and
 * records what the terminal shows; the container's process must see a tty on its stdin, the size of
 * {@code consoleSize}, and the typed line.
 */
@RequiresRoot
@Timeout(240)
class OciTerminalE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    /**
     * What each process prints: its tty, whether stdin is one, the terminal's size, and the line
     * typed at it.
     */
    private static final String SHOW =
            "tty; test -t 0 && echo stdin-is-a-tty; stty size; read line; echo \"got:$line\"";

    @RegisterExtension final OciRoot oci = new OciRoot();

    /**
     * {@code sluice-console SOCKET INPUT TIMEOUT}: the receiving end of --console-socket, its
     * key=value lines collected.
     */
    private final class Console implements AutoCloseable {
        final Path socket;
        private final Process process;
        private final Map<String, String> values = new ConcurrentHashMap<>();
        private final CountDownLatch listening = new CountDownLatch(1);
        private final CountDownLatch ended = new CountDownLatch(1);

        Console(Path dir, String input) {
            socket = dir.resolve("console.sock");
            Path helper = Sluice.guestBinary().resolveSibling("sluice-console");
            try {
                process =
                        new ProcessBuilder(helper.toString(), socket.toString(), input, "90")
                                .redirectErrorStream(true)
                                .start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            oci.closeAfter(this);
            Thread t =
                    new Thread(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    for (String l; (l = r.readLine()) != null; ) {
                                        int eq = l.indexOf('=');
                                        if (eq > 0) {
                                            values.put(l.substring(0, eq), l.substring(eq + 1));
                                        }
                                        if (l.startsWith("listening=") || l.startsWith("error=")) {
                                            listening.countDown();
                                        }
                                    }
                                } catch (IOException e) {
                                    // destroyed
                                }
                                listening.countDown();
                                ended.countDown();
                            },
                            "sluice-console-output");
            t.setDaemon(true);
            t.start();
            await(listening, "to listen");
            assertTrue(values.containsKey("listening"), "sluice-console listens: " + values);
        }

        /** Its lines once the terminal hung up (every holder of the pty's other side is gone). */
        Map<String, String> result() {
            await(ended, "to see the terminal hang up");
            return values;
        }

        private void await(CountDownLatch l, String what) {
            try {
                assertTrue(
                        l.await(WAIT.toSeconds(), TimeUnit.SECONDS),
                        "sluice-console did not get " + what + ": " + values);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted");
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    /**
     * What the terminal showed, checked line by line against what SHOW prints for a {@code
     * rows}x{@code cols} terminal ({@code rows} null: no size was set, and none is checked).
     */
    private static void assertShown(
            Map<String, String> console, String rows, String cols, String typed) {
        assertEquals(
                "/dev/ptmx fds=1",
                console.get("name"),
                "one message: the master's name and exactly one fd: " + console);
        assertEquals(
                "hangup",
                console.get("end"),
                "the terminal hung up when the process exited: " + console);
        String out = console.get("output");
        // The echo of the typed line may come first, even on the same line: the test types at once.
        assertTrue(
                out.matches(".*/dev/pts/[0-9]+\\\\r\\\\n.*"),
                "tty names the pty's other side, /dev/pts/N: " + out);
        assertTrue(
                out.contains("\\r\\nstdin-is-a-tty\\r\\n"),
                "stdin is a terminal (test -t 0): " + out);
        if (rows != null) {
            assertTrue(
                    out.contains("\\r\\n" + rows + " " + cols + "\\r\\n"),
                    "stty size shows " + rows + "x" + cols + ": " + out);
        }
        assertTrue(
                out.contains("\\r\\ngot:" + typed + "\\r\\n"),
                "the line typed at the master reached the process: " + out);
    }

    @Test
    void createSendsThePtyMasterToTheConsoleSocket() {
        Path b =
                OciBundle.create(
                        "oci-tty",
                        List.of("sh", "-c", SHOW + "; exit 3"),
                        c ->
                                ((ObjectNode) c.get("process"))
                                        .put("terminal", true)
                                        .putObject("consoleSize")
                                        .put("height", 33)
                                        .put("width", 99));
        String id = Sluice.unique("tty");
        Console console = new Console(b, "typed-at-create");
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        "--root",
                        oci.root().toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--console-socket",
                        console.socket.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0",
                    reaper.await("cmd", WAIT),
                    "create with a terminal\n" + OciBundle.Reaper.read(reaper.err));
            reaper.await("pid", WAIT);
            Sluice.Result start = oci.run("start", id);
            assertEquals(0, start.exitCode(), "start\n" + start);
            assertEquals(
                    "3",
                    reaper.await("exit", WAIT),
                    "the process's status still comes through init");
            assertShown(console.result(), "33", "99", "typed-at-create");
            assertEquals(
                    "",
                    OciBundle.Reaper.read(reaper.out),
                    "nothing went to the caller's stdout: the terminal has it all");
        }
    }

    @Test
    void execWithATtyAndExecOfAProcessJsonAsContainerdDoesIt() throws IOException {
        Path b = OciBundle.create("oci-exec-tty", "sh", "-c", "exec sleep 100");
        String id = Sluice.unique("exectty");
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        "--root",
                        oci.root().toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
            reaper.await("pid", WAIT);
            assertEquals(0, oci.run("start", id).exitCode(), "start");

            Sluice.Result noSocket = oci.run("exec", "--tty", id, "true");
            assertEquals(
                    1, noSocket.exitCode(), "exec --tty without --console-socket\n" + noSocket);
            assertTrue(
                    noSocket.stderr()
                            .contains(
                                    "--tty asks for a terminal, but there is no --console-socket"),
                    noSocket.stderr());
            Sluice.Result noTty =
                    oci.run("exec", "--console-socket", b.resolve("x.sock").toString(), id, "true");
            assertEquals(1, noTty.exitCode(), "exec --console-socket without a terminal\n" + noTty);
            assertTrue(
                    noTty.stderr().contains("there is no terminal to send (--tty is false)"),
                    noTty.stderr());

            Console console = new Console(b, "typed-at-exec");
            Sluice.Result r =
                    oci.run(
                            "exec",
                            "--tty",
                            "--console-socket",
                            console.socket.toString(),
                            id,
                            "sh",
                            "-c",
                            SHOW + "; exit 5");
            assertEquals(
                    5, r.exitCode(), "exec --tty waits and returns the process's status\n" + r);
            assertShown(
                    console.result(),
                    null,
                    null,
                    "typed-at-exec"); // exec --tty sets no size (the client resizes)

            Path processJson = b.resolve("process.json");
            ObjectNode p = JSON.createObjectNode().put("terminal", true).put("cwd", "/");
            p.putObject("consoleSize").put("height", 25).put("width", 100);
            p.putArray("args").add("sh").add("-c").add(SHOW);
            p.putArray("env").add("PATH=/bin");
            JSON.writeValue(processJson.toFile(), p);
            Files.deleteIfExists(console.socket);
            Console second = new Console(b, "typed-at-shim-exec");
            Sluice.Result shim =
                    oci.run(
                            "exec",
                            "--process",
                            processJson.toString(),
                            "--detach",
                            "--pid-file",
                            b.resolve("exec.pid").toString(),
                            "--console-socket",
                            second.socket.toString(),
                            id);
            assertEquals(
                    0,
                    shim.exitCode(),
                    "containerd's form: exec --process --detach --pid-file --console-socket\n"
                            + shim);
            assertTrue(
                    Files.readString(b.resolve("exec.pid")).matches("[0-9]+"),
                    "the pid file holds a pid");
            assertShown(second.result(), "25", "100", "typed-at-shim-exec");
        }
    }
}
