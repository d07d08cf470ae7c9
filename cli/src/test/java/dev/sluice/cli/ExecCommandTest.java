package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.runtime.ContainerExec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code sluice exec}'s command line: containerd's form, runc's flags, and every refusal that needs
 * no container.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExecCommandTest {
    @RegisterExtension final CapturedStdio stdio = new CapturedStdio();

    @TempDir Path tmp;

    /**
     * The request {@code sluice exec ARGS} makes, parsed as Main parses it (options end at the id).
     */
    private static ContainerExec.Request request(String... args) {
        CommandLine cl = Main.commandLine(new Main());
        cl.getSubcommands().get("exec").setStopAtPositional(true);
        CommandLine.ParseResult r = cl.parseArgs(args);
        return ((ExecCommand) r.subcommand().commandSpec().userObject()).request();
    }

    private int exec(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "--root";
        all[1] = tmp.resolve("root").toString();
        all[2] = "exec";
        System.arraycopy(args, 0, all, 3, args.length);
        return Main.execute(all);
    }

    @Test
    void containerdsForm() {
        ContainerExec.Request r =
                request(
                        "exec",
                        "--process",
                        "/b/p.json",
                        "--detach",
                        "--pid-file",
                        "/b/x.pid",
                        "--console-socket",
                        "/b/c.sock",
                        "c1");
        assertEquals("c1", r.id(), "the id");
        assertEquals(Path.of("/b/p.json"), r.processFile(), "--process");
        assertNull(r.overrides(), "no flags to apply: the process file says everything");
        assertTrue(r.detach(), "--detach");
        assertEquals(Path.of("/b/x.pid"), r.pidFile(), "--pid-file");
        assertEquals(Path.of("/b/c.sock"), r.consoleSocket(), "--console-socket");
    }

    @Test
    void conmonsFormWithTty() {
        ContainerExec.Request r =
                request(
                        "exec",
                        "--pid-file",
                        "/u/exec_pid",
                        "--process",
                        "/u/p.json",
                        "--detach",
                        "--tty",
                        "--console-socket",
                        "/u/c.sock",
                        "c1");
        assertEquals(Path.of("/u/p.json"), r.processFile(), "--process");
        assertNull(r.overrides(), "no flags to apply: the process file says everything");
        assertTrue(
                r.tty() && r.detach(), "--tty (checked against the file's terminal) and --detach");
    }

    @Test
    void runcsFlagsAndTheCommandAfterTheId() {
        ContainerExec.Request r =
                request(
                        "exec",
                        "-t",
                        "--cwd",
                        "/w",
                        "-e",
                        "A=1",
                        "--env=B=2",
                        "-u",
                        "1000:100",
                        "-g",
                        "10,20",
                        "--cap",
                        "CAP_KILL",
                        "--no-new-privs",
                        "--ignore-paused",
                        "c1",
                        "sh",
                        "-c",
                        "echo hi",
                        "--tty");
        assertNull(r.processFile(), "no --process");
        assertEquals(
                List.of("sh", "-c", "echo hi", "--tty"),
                r.overrides().args(),
                "everything after the id is the command, -c and --tty included");
        assertEquals("/w", r.overrides().cwd(), "--cwd");
        assertEquals(List.of("A=1", "B=2"), r.overrides().env(), "--env, both forms");
        assertEquals("1000:100", r.overrides().user(), "--user");
        assertEquals(
                List.of(10L, 20L),
                r.overrides().additionalGids(),
                "--additional-gids, comma-separated");
        assertEquals(List.of("CAP_KILL"), r.overrides().caps(), "--cap");
        assertTrue(
                r.overrides().tty() && r.overrides().noNewPrivs() && r.ignorePaused(),
                "--tty, --no-new-privs, --ignore-paused");
        assertFalse(r.detach(), "not detached");
    }

    @Test
    void refusalsNameTheirFlags() {
        assertEquals(1, exec("--process", "/p.json", "c1", "sh"), "--process with a command");
        assertTrue(
                stdio.err().contains("--process /p.json says everything about the process"),
                stdio.err());
        assertEquals(1, exec("--process", "/p.json", "--cwd", "/", "c1"), "--process with --cwd");
        assertEquals(1, exec("c1"), "no command");
        assertTrue(
                stdio.err()
                        .contains(
                                "exec: no command: give CMD [ARGS...] after the container id, or --process FILE"),
                stdio.err());
        assertEquals(
                1,
                exec("--preserve-fds", "500", "c1", "true"),
                "--preserve-fds past this JVM's open fds");
        assertTrue(
                stdio.err()
                        .matches("(?s).*--preserve-fds 500: fd \\d+ is not open in the caller.*"),
                stdio.err());
        assertEquals(1, exec("--preserve-fds", "-1", "c1", "true"), "a negative --preserve-fds");
        assertTrue(stdio.err().contains("--preserve-fds -1: must be 0 or more"), stdio.err());
        assertEquals(1, exec("--apparmor", "p", "c1", "true"), "--apparmor");
        assertTrue(
                stdio.err().contains("--apparmor p: AppArmor is not supported by sluice"),
                stdio.err());
        assertEquals(1, exec("ghost", "true"), "an unknown container");
        assertTrue(stdio.err().contains("container \"ghost\" does not exist"), stdio.err());
        // Main ends exec's options at the id: --process here is the command's, not exec's.
        assertEquals(1, exec("ghost", "sh", "--process", "/p.json"), "options after the id");
        assertTrue(
                stdio.err().endsWith("container \"ghost\" does not exist\n"),
                "not a --process refusal: " + stdio.err());
        assertEquals(1, exec("--bogus", "c1", "true"), "an unknown option");
        assertTrue(stdio.err().contains("--bogus"), stdio.err());
    }
}
