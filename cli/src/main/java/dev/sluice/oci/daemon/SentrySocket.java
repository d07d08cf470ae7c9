package dev.sluice.oci.daemon;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The detached sentry's control socket, {@code <state dir>/sentry.sock} (AF_UNIX, stream, only
 * root can reach it: the state directory is 0700). One request per connection, one line each
 * way: {@code start} is answered {@code ok} or {@code error <message>}.
 *
 * <p>A state directory under a long {@code --root} (containerd's ids are 64 characters) can be
 * longer than a socket address may be (108 bytes), so the path is given as
 * {@code /proc/self/fd/N/sentry.sock} with N an {@code O_PATH} descriptor of the directory.
 */
public final class SentrySocket {
    public static final String NAME = "sentry.sock";
    static final int MAX_LINE = 8192;
    // include/uapi/asm-generic/fcntl.h
    private static final int O_PATH = 010000000;
    private static final int O_DIRECTORY = 0200000;
    private static final int O_CLOEXEC = 02000000;

    private SentrySocket() {}

    @FunctionalInterface
    interface AddressUse<T> {
        T apply(UnixDomainSocketAddress address) throws IOException;
    }

    /** Runs {@code use} with an address for {@code dir/sentry.sock} that fits in a sockaddr_un. */
    static <T> T withAddress(Path dir, AddressUse<T> use) throws IOException {
        Path direct = dir.resolve(NAME);
        if (direct.toString().length() < 100) {
            return use.apply(UnixDomainSocketAddress.of(direct));
        }
        int fd = OciNative.POSIX.open(dir.toString(), O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
        if (fd < 0) {
            throw new IOException("cannot open " + dir);
        }
        try {
            return use.apply(UnixDomainSocketAddress.of("/proc/self/fd/" + fd + "/" + NAME));
        } finally {
            OciNative.close(fd);
        }
    }

    /** Binds the socket in {@code dir}; the daemon accepts on it. */
    static ServerSocketChannel listen(Path dir) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            withAddress(dir, a -> server.bind(a));
        } catch (IOException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** Sends {@code request} to the sentry of the container in {@code dir} and returns its one-line answer. */
    public static String request(Path dir, String request, String id) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            withAddress(dir, a -> ch.connect(a));
            ch.write(ByteBuffer.wrap((request + "\n").getBytes(StandardCharsets.UTF_8)));
            String answer = readLine(ch);
            if (answer == null) {
                throw new OciException("the sentry of container " + id + " closed the connection without an answer"
                        + " (see " + dir.resolve(SentryDaemon.LOG_FILE) + ")");
            }
            return answer;
        } catch (IOException e) {
            throw new OciException("cannot reach the sentry of container " + id + ": " + e.getMessage()
                    + " (see " + dir.resolve(SentryDaemon.LOG_FILE) + ")", e);
        }
    }

    static String readLine(SocketChannel ch) throws IOException {
        var in = Channels.newInputStream(ch);
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (b.length() >= MAX_LINE) {
                throw new IOException("line too long");
            }
            b.append((char) c);
        }
        return c < 0 && b.length() == 0 ? null : new String(b.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    static void writeLine(SocketChannel ch, String line) throws IOException {
        ch.write(ByteBuffer.wrap((line.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8)));
    }
}
