"""nginx as a load balancer on loopback, in front of servers: round robin, no stickiness, as a
site behind a load balancer is commonly set up. Used by the stored-session tests
(Tests/Browser/test_stores.py) and the load test (Benchmarks/web-load.py)."""
import os
import shutil
import socket
import subprocess
import tempfile


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Balancer:
    """nginx listening on a free port of 127.0.0.1, passing each request to the next server."""

    def __init__(self, urls):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not os.path.exists(nginx):
            raise RuntimeError("nginx is needed (apt-get install nginx-light; .ci/browser installs it).")
        self.folder = tempfile.mkdtemp(prefix="flowkit-nginx-")
        # nginx's workers may run as another user: they write their temporary files here.
        os.chmod(self.folder, 0o777)
        self.port = free_port()
        upstreams = " ".join(f"server {url.removeprefix('http://')};" for url in urls)
        config = os.path.join(self.folder, "nginx.conf")
        with open(config, "w") as file:
            file.write(f"""
daemon off;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.folder}/body;
    proxy_temp_path {self.folder}/proxy;
    fastcgi_temp_path {self.folder}/fastcgi;
    uwsgi_temp_path {self.folder}/uwsgi;
    scgi_temp_path {self.folder}/scgi;
    upstream servers {{ {upstreams} keepalive 32; }}
    server {{
        listen 127.0.0.1:{self.port};
        location / {{
            proxy_pass http://servers;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
        }}
    }}
}}
""")
        self.process = subprocess.Popen([nginx, "-c", config, "-p", self.folder], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        # nginx is listening once a connection is accepted; it fails, rather than waits, when it ends.
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("nginx did not start: " + self.process.stderr.read())
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
        shutil.rmtree(self.folder, ignore_errors=True)
