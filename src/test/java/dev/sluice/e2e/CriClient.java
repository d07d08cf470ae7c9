package dev.sluice.e2e;

import com.google.protobuf.Message;

import dev.sluice.e2e.cri.ContainerStatusRequest;
import dev.sluice.e2e.cri.ContainerStatusResponse;
import dev.sluice.e2e.cri.CreateContainerRequest;
import dev.sluice.e2e.cri.CreateContainerResponse;
import dev.sluice.e2e.cri.ExecSyncRequest;
import dev.sluice.e2e.cri.ExecSyncResponse;
import dev.sluice.e2e.cri.RemoveContainerRequest;
import dev.sluice.e2e.cri.RemoveContainerResponse;
import dev.sluice.e2e.cri.RemovePodSandboxRequest;
import dev.sluice.e2e.cri.RemovePodSandboxResponse;
import dev.sluice.e2e.cri.RunPodSandboxRequest;
import dev.sluice.e2e.cri.RunPodSandboxResponse;
import dev.sluice.e2e.cri.StartContainerRequest;
import dev.sluice.e2e.cri.StartContainerResponse;
import dev.sluice.e2e.cri.StopContainerRequest;
import dev.sluice.e2e.cri.StopContainerResponse;
import dev.sluice.e2e.cri.StopPodSandboxRequest;
import dev.sluice.e2e.cri.StopPodSandboxResponse;
import dev.sluice.e2e.cri.VersionRequest;
import dev.sluice.e2e.cri.VersionResponse;

import io.grpc.CallOptions;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The kubelet's side of the CRI, as far as the e2e suite needs it: {@code
 * runtime.v1.RuntimeService} calls over containerd's unix socket (proto/cri.proto, written from the
 * CRI API). Each call is unary and blocking, with a deadline.
 */
final class CriClient implements AutoCloseable {
    private static final String SERVICE = "runtime.v1.RuntimeService";

    private final ManagedChannel channel;
    private final Duration deadline;

    CriClient(Path socket, Duration deadline) {
        this.channel =
                Grpc.newChannelBuilder("unix://" + socket, InsecureChannelCredentials.create())
                        .build();
        this.deadline = deadline;
    }

    private <Q extends Message, R extends Message> R call(String method, Q request, R answer) {
        @SuppressWarnings("unchecked")
        MethodDescriptor<Q, R> m =
                MethodDescriptor.<Q, R>newBuilder()
                        .setType(MethodDescriptor.MethodType.UNARY)
                        .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, method))
                        .setRequestMarshaller(
                                ProtoUtils.marshaller((Q) request.getDefaultInstanceForType()))
                        .setResponseMarshaller(ProtoUtils.marshaller(answer))
                        .build();
        return ClientCalls.blockingUnaryCall(
                channel,
                m,
                CallOptions.DEFAULT.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS),
                request);
    }

    VersionResponse version() {
        return call(
                "Version",
                VersionRequest.newBuilder().setVersion("v1").build(),
                VersionResponse.getDefaultInstance());
    }

    String runPodSandbox(RunPodSandboxRequest r) {
        return call("RunPodSandbox", r, RunPodSandboxResponse.getDefaultInstance())
                .getPodSandboxId();
    }

    void stopPodSandbox(String id) {
        call(
                "StopPodSandbox",
                StopPodSandboxRequest.newBuilder().setPodSandboxId(id).build(),
                StopPodSandboxResponse.getDefaultInstance());
    }

    void removePodSandbox(String id) {
        call(
                "RemovePodSandbox",
                RemovePodSandboxRequest.newBuilder().setPodSandboxId(id).build(),
                RemovePodSandboxResponse.getDefaultInstance());
    }

    String createContainer(CreateContainerRequest r) {
        return call("CreateContainer", r, CreateContainerResponse.getDefaultInstance())
                .getContainerId();
    }

    void startContainer(String id) {
        call(
                "StartContainer",
                StartContainerRequest.newBuilder().setContainerId(id).build(),
                StartContainerResponse.getDefaultInstance());
    }

    ContainerStatusResponse containerStatus(String id) {
        return call(
                "ContainerStatus",
                ContainerStatusRequest.newBuilder().setContainerId(id).build(),
                ContainerStatusResponse.getDefaultInstance());
    }

    /** Stops a running container: its stop signal, then SIGKILL after {@code timeout}. */
    void stopContainer(String id, Duration timeout) {
        call(
                "StopContainer",
                StopContainerRequest.newBuilder()
                        .setContainerId(id)
                        .setTimeout(timeout.toSeconds())
                        .build(),
                StopContainerResponse.getDefaultInstance());
    }

    /** Runs {@code cmd} in a running container, as a liveness probe does, and waits for it. */
    ExecSyncResponse execSync(String id, List<String> cmd, Duration timeout) {
        return call(
                "ExecSync",
                ExecSyncRequest.newBuilder()
                        .setContainerId(id)
                        .addAllCmd(cmd)
                        .setTimeout(timeout.toSeconds())
                        .build(),
                ExecSyncResponse.getDefaultInstance());
    }

    void removeContainer(String id) {
        call(
                "RemoveContainer",
                RemoveContainerRequest.newBuilder().setContainerId(id).build(),
                RemoveContainerResponse.getDefaultInstance());
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow();
        channel.awaitTermination(10, TimeUnit.SECONDS);
    }
}
